import { ENDPOINTS, ROUTES, type LoginResponse } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/session/login/freeplay`: a trial (free play) account, logged in at once. */
export function loginFreePlay(): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(ENDPOINTS.members.freePlay, {
    body: { os: 'web', platform: 'W' },
    schema: import.meta.env.DEV ? ROUTES.members.freePlay.response : undefined,
  });
}
