import {
  loginResponseSchema,
  type LoginResponse,
  type LoginVerificationMethod,
} from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `POST /wps/session/login/verification`: completes a login held for extra verification. */
export function verifyLogin(input: {
  pendingToken: string;
  method: LoginVerificationMethod;
  code: string;
}): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/wps/session/login/verification', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? loginResponseSchema : undefined,
  });
}
