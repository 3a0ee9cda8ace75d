/** Public API of the lobby feature. */
import './lobby.css';

export { HomePage } from './components/home-page';
export { gameMenusQueryOptions } from './api/get-game-menus';
