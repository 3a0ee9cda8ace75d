import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/session/login/verification/send`: the code of a login held for a new IP. */
export function sendLoginVerification(input: {
  pendingToken: string;
  method: 'sms' | 'email';
}): Promise<{ expiredMinutes: number }> {
  return apiRequest(ENDPOINTS.auth.sendLoginVerification, { body: input });
}
