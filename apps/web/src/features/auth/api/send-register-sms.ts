import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/verification/sms/register`: the registration code (when REGMOBVERF3 is on). */
export function sendRegisterSms(input: {
  mobileNo: string;
  countryDialingCode: string;
}): Promise<{ expiredMinutes: number }> {
  return apiRequest(ENDPOINTS.members.sendRegisterSms, { body: input });
}
