import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/**
 * `POST /wps/member/contact/code`: a code to the new e-mail or mobile, which
 * `PUT /wps/member/profile` needs to save it (after re-authentication).
 */
export function sendContactCode(
  channel: 'email' | 'mobile',
  value: string,
): Promise<{ expiredMinutes: number }> {
  return apiRequest(ENDPOINTS.auth.sendContactCode, { body: { channel, value } });
}
