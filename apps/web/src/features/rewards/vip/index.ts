/** Public API of the VIP part (docs/loyalty.md): the VIP page and the member centre's card, split chunks. */
import { lazyArea } from '@/components/lazy-area';

export const VipArea = lazyArea<object>('Promotions', () => import('./vip-page'));
export const VipCardArea = lazyArea<object>('MemberCenter', () => import('./vip-card'));
export { refreshVip, vipQueryKey } from './keys';
