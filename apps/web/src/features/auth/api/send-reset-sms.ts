import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/member/password/sms`: a reset code to the member's mobile. */
export function sendResetSms(input: {
  mobileNum: string;
  countryDialingCode: string;
}): Promise<{ expiredMinutes: number }> {
  return apiRequest(ENDPOINTS.auth.sendResetSms, { body: input });
}
