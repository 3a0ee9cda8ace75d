import { ENDPOINTS } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/**
 * `POST /wps/member/reauth` (encrypted): proves the owner again with the login password; for
 * the next minutes this session may change e-mail, mobile and the authenticator.
 */
export function reauthenticate(password: string): Promise<{ validForSeconds: number }> {
  return encryptedRequest(ENDPOINTS.auth.reauthenticate, { method: 'password', password });
}
