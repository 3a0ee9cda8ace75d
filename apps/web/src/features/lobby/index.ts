/** Public API of the lobby feature. */
import './lobby.css';

export { HomePage } from './components/home-page';
export { gameMenusQueryOptions } from './api/get-game-menus';
export { prefetchCategoryLobby } from './api/prefetch-category-lobby';
