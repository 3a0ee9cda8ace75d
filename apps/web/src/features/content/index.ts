/** Public API of the content feature (help topics; notices and announcements later). */
import { lazyArea } from '@/components/lazy-area';
import type { HelpDialogProps } from './components/help-dialog';

export { helpCenterQueryOptions } from './api/get-help-center';

/** The help dialog over home (/help): a chunk of its own, loaded when it opens. */
export const HelpDialog = lazyArea<HelpDialogProps>(
  'HelpCenter',
  () => import('./components/help-dialog').then((module) => ({ default: module.HelpDialog })),
  { fallback: () => null },
);
