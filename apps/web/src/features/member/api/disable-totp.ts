import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/member/totp/disable`: turns the authenticator off, proven with a current code. */
export function disableTotp(code: string): Promise<{ done: true }> {
  return apiRequest(ENDPOINTS.auth.disableTotp, { body: { code } });
}
