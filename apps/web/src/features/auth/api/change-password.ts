import { ENDPOINTS } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/** `POST /wps/member/password` (encrypted). Also the way out of a forced change. */
export function changePassword(input: {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<{ done: true }> {
  return encryptedRequest(ENDPOINTS.auth.changePassword, input);
}
