import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/**
 * `DELETE /wps/session/logout`. An already ended session answers `not_logged_in`: the caller
 * clears the session either way, so the app-wide "log in again" reaction is skipped.
 */
export function logout(): Promise<{ done: true }> {
  return apiRequest(ENDPOINTS.auth.logout, { ignoreSessionRejection: true });
}
