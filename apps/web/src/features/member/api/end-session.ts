import { apiRequest } from '@/api/client';

/** `DELETE /wps/member/sessions/:id`: logs another device out. */
export function endSession(id: number): Promise<{ done: true }> {
  return apiRequest(`/wps/member/sessions/${id}`, { method: 'DELETE' });
}
