import {
  ENDPOINTS,
  ROUTES,
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
  return apiRequest<LoginResponse>(ENDPOINTS.auth.verifyLogin, {
    body: input,
    schema: import.meta.env.DEV ? ROUTES.auth.verifyLogin.response : undefined,
  });
}
