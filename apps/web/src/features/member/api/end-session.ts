import { ENDPOINTS, pathOf } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `DELETE /wps/member/sessions/:id`: logs another device out. */
export function endSession(id: number): Promise<{ done: true }> {
  const endpoint = ENDPOINTS.auth.endSession;
  return apiRequest({ ...endpoint, path: pathOf(endpoint, { id }) });
}
