import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/member/totp/setup`: a new authenticator secret and its otpauth:// URL (for the QR). */
export function startTotpSetup(): Promise<{ secret: string; otpauthUrl: string }> {
  return apiRequest(ENDPOINTS.auth.startTotpSetup);
}
