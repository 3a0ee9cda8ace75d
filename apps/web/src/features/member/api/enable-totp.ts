import { apiRequest } from '@/api/client';

/** `POST /wps/member/totp/enable`: confirms the setup with a code from the app. */
export function enableTotp(code: string): Promise<{ done: true }> {
  return apiRequest('/wps/member/totp/enable', { method: 'POST', body: { code } });
}
