import { ENDPOINTS, ROUTES, type LoginResponse } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/**
 * `POST /wps/member/password/verification` (encrypted): the code from the e-mail (username +
 * email) or the SMS (mobileNum) and the new password. Answers a login response.
 */
export function resetPassword(input: {
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
  username?: string;
  email?: string;
  mobileNum?: string;
  countryDialingCode?: string;
}): Promise<LoginResponse> {
  return encryptedRequest<LoginResponse>(ENDPOINTS.auth.resetPassword, input, {
    schema: import.meta.env.DEV ? ROUTES.auth.resetPassword.response : undefined,
  });
}
