import { ENDPOINTS } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/agent/affiliate`: is this invitation code an agent's? Fails with invitation_code_error. */
export function checkAffiliate(input: {
  code: string;
  domain: string;
}): Promise<{ valid: true; agent: string }> {
  return apiRequest(ENDPOINTS.members.checkAffiliate, { body: input });
}
