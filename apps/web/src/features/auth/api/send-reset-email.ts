import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/**
 * `POST /wps/member/password/email`, form-encoded as the original client sends it: a reset
 * code to the member's e-mail when username and e-mail match (else username_or_email_not_found).
 */
export function sendResetEmail(input: {
  username: string;
  email: string;
}): Promise<{ expiredMinutes: number }> {
  return apiRequest(ENDPOINTS.auth.sendResetEmail, { form: input });
}
