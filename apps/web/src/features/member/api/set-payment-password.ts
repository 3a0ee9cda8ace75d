import { ENDPOINTS } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/**
 * `PUT /wps/member/password/payment` (encrypted): the 6-digit withdraw password. The first
 * time the login password proves who is asking; afterwards the old payment password does.
 */
export function setPaymentPassword(
  input:
    | { loginPassword: string; paymentPassword: string; confirmPaymentPassword: string }
    | { oldPaymentPassword: string; paymentPassword: string; confirmPaymentPassword: string },
): Promise<{ done: true }> {
  return encryptedRequest(ENDPOINTS.auth.setPaymentPassword, input);
}
