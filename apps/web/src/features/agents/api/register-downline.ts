import { AGENT_ENDPOINTS, type RegisterDownline } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/** `POST /wps/agent/downlines` (encrypted: it carries the new account's password). */
export function registerDownline(
  input: RegisterDownline,
): Promise<{ memberId: number; username: string; isAgent: boolean }> {
  return encryptedRequest(AGENT_ENDPOINTS.registerDownline, input);
}
