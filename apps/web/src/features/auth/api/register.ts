import { ENDPOINTS, ROUTES, type LoginResponse, type RegisterRequest } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';

export type RegisterMode = 'username' | 'mobile';

/**
 * `PUT /wps/member/register` or `/wps/member/register/mobile` (encrypted). With `login: true`
 * the answer is a login response: the new member is logged in.
 */
export function register(mode: RegisterMode, input: RegisterRequest): Promise<LoginResponse> {
  return encryptedRequest<LoginResponse>(
    mode === 'mobile' ? ENDPOINTS.members.registerMobile : ENDPOINTS.members.register,
    input,
    { schema: import.meta.env.DEV ? ROUTES.members.register.response : undefined },
  );
}
