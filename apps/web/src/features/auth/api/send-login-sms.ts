import { apiRequest } from '@/api/client';

/** `POST /wps/verification/sms/noLogin`: a login code by SMS; the countdown is expiredMinutes × 60 s. */
export function sendLoginSms(input: {
  mobileNum: string;
  countryDialingCode: string;
}): Promise<{ expiredMinutes: number }> {
  return apiRequest('/wps/verification/sms/noLogin', { method: 'POST', body: input });
}
