/** Public API of the shell feature: the pieces of the main layout. */
import { createRetryableImport } from '@/lib/chunk-loader';
import './shell.css';

export { Header } from './components/header';
export { SideMenu } from './components/side-menu';
/** The footer: below the fold on every page, so a chunk of its own (see useLazyModule). */
export const footerChunk = createRetryableImport(() => import('./components/footer'), 'Footer');
export { NotFoundPage } from './components/not-found-page';
export { NoticeDialog } from './components/notice-dialog';
export { useSideMenuStore } from './store/side-menu-store';
