import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@banca/contracts';
import { encryptedRequest } from '@/api/encrypted';
import { deviceId } from '@/lib/device-id';

/**
 * `POST /wps/session/login` (encrypted): by username and password (with the captcha once the
 * server asks for one) or by mobile number and SMS code. `agentLogin` admits agents only.
 */
export async function login(input: Omit<LoginRequest, 'deviceId'>): Promise<LoginResponse> {
  return encryptedRequest<LoginResponse>(
    '/wps/session/login',
    { ...input, deviceId: await deviceId() },
    { method: 'POST', schema: import.meta.env.DEV ? loginResponseSchema : undefined },
  );
}
