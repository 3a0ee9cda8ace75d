import { apiRequest } from '@/api/client';

/** `POST /wps/member/totp/disable`: turns the authenticator off, proven with a current code. */
export function disableTotp(code: string): Promise<{ done: true }> {
  return apiRequest('/wps/member/totp/disable', { method: 'POST', body: { code } });
}
