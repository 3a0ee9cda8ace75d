/**
 * Public API of the missions pages (docs/missions.md): missions and their leaderboard (member
 * centre missionLeaderboard), a split chunk loaded with the rewards texts, and the menu's badge.
 */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { MissionsPageProps } from './missions-page';

export const MissionsArea = lazyArea<MissionsPageProps>('Promotions', () =>
  Promise.all([import('./missions-page'), loadCataloguePart('rewards')]).then(([page]) => page),
);
export { MissionBadge } from './mission-badge';
export { refreshMissions } from './keys';
