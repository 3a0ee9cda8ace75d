/** Public API of the shell feature: the pieces of the main layout. */
import './shell.css';

export { Header } from './components/header';
export { SideMenu } from './components/side-menu';
export { Footer } from './components/footer';
export { NotFoundPage } from './components/not-found-page';
export { NoticeDialog } from './components/notice-dialog';
export { useSideMenuStore } from './store/side-menu-store';
