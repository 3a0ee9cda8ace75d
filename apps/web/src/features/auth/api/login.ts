import { ENDPOINTS, ROUTES, type LoginRequest, type LoginResponse } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';
import { deviceId } from '@/lib/device-id';

/**
 * `POST /wps/session/login` (encrypted): by username and password (with the captcha once the
 * server asks for one) or by mobile number and SMS code. `agentLogin` admits agents only.
 */
export async function login(input: Omit<LoginRequest, 'deviceId'>): Promise<LoginResponse> {
  return encryptedRequest<LoginResponse>(
    ENDPOINTS.auth.login,
    { ...input, deviceId: await deviceId() },
    { schema: import.meta.env.DEV ? ROUTES.auth.login.response : undefined },
  );
}
