import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/member/totp/enable`: confirms the setup with a code from the app. */
export function enableTotp(code: string): Promise<{ done: true }> {
  return apiRequest(ENDPOINTS.auth.enableTotp, { body: { code } });
}
