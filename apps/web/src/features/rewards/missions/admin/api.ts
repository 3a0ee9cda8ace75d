import {
  MISSION_ADMIN_ENDPOINTS as A,
  pathOf,
  type AdminMission,
  type MissionRules,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

export const ADMIN_MISSIONS_KEY = ['admin', 'missions'] as const;

export const fetchMissions = (merchantCode: string, signal?: AbortSignal) =>
  adminRequest<{ list: AdminMission[] }>(A.list, { query: { merchantCode }, signal });
export const createMission = (merchantCode: string, rules: MissionRules) =>
  adminRequest<AdminMission>(A.create, { body: { ...rules, merchantCode } });
export const updateMission = (id: number, rules: MissionRules) =>
  adminRequest<AdminMission>(
    { method: A.update.method, path: pathOf(A.update, { id }) },
    { body: rules },
  );
