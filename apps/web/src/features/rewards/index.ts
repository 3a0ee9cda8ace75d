/**
 * Public API of the rewards feature (docs/rewards.md): what other features and the app shell
 * may use. The promotions list is zod-free (its schema is checked in development only), so the
 * side menu on the first page may read it.
 */
export { promotionsQueryOptions, refreshPromotions } from './api/promotions';
export { SideMenuPromotionList } from './components/side-menu-promotions';
