import { ENDPOINTS, type IdentityStatus } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

/** `PUT /wps/payments/identity` (encrypted: personal data): CPF, full name, birth date; once. */
export function saveIdentity(input: {
  cpf: string;
  fullName: string;
  birthDate: string;
}): Promise<IdentityStatus> {
  return encryptedRequest(ENDPOINTS.withdrawals.setIdentity, input);
}
