import { apiRequest } from '@/api/client';

/** `POST /wps/verification/sms/register`: the registration code (when REGMOBVERF3 is on). */
export function sendRegisterSms(input: {
  mobileNo: string;
  countryDialingCode: string;
}): Promise<{ expiredMinutes: number }> {
  return apiRequest('/wps/verification/sms/register', { method: 'POST', body: input });
}
