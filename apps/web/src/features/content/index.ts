/** Public API of the content feature (help topics; notices and announcements later). */
export { helpCenterQueryOptions } from './api/get-help-center';
export { HelpDialog } from './components/help-dialog';
