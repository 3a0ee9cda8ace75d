import { AGENT_ENDPOINTS, type AgentTransfer } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/** A key per transfer the form sends: a retried request moves the money once. */
export function newRequestKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/**
 * `POST /wps/agent/transfers/downline` (encrypted: the payment password). `amount` is
 * dot-decimal text ("250.50"), never a float that could round a centavo.
 */
export function transferToDownline(input: {
  downlineId: number;
  amount: string;
  paymentPassword: string;
  requestKey: string;
}): Promise<AgentTransfer> {
  return encryptedRequest(AGENT_ENDPOINTS.transferToDownline, input);
}

/** `POST /wps/agent/transfers/upline` (transferUpline; encrypted: the payment password). */
export function transferToUpline(input: {
  amount: string;
  paymentPassword: string;
  requestKey: string;
}): Promise<AgentTransfer> {
  return encryptedRequest(AGENT_ENDPOINTS.transferToUpline, input);
}
