import { apiRequest } from '@/api/client';

/**
 * `POST /wps/member/contact/code`: a code to the new e-mail or mobile, which
 * `PUT /wps/member/profile` needs to save it (after re-authentication).
 */
export function sendContactCode(
  channel: 'email' | 'mobile',
  value: string,
): Promise<{ expiredMinutes: number }> {
  return apiRequest('/wps/member/contact/code', { method: 'POST', body: { channel, value } });
}
