import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/verification/sms/noLogin`: a login code by SMS; the countdown is expiredMinutes × 60 s. */
export function sendLoginSms(input: {
  mobileNum: string;
  countryDialingCode: string;
}): Promise<{ expiredMinutes: number }> {
  return apiRequest(ENDPOINTS.auth.sendLoginSms, { body: input });
}
