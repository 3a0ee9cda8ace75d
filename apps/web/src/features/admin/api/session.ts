import {
  ADMIN_ENDPOINTS,
  type Operator,
  type StaffLoginStep,
  type StaffSession,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminEncryptedRequest, adminRequest } from '@/api/admin-client';
import { writeStaffToken } from '@/lib/staff-token';

const E = ADMIN_ENDPOINTS.staff;

/** Sign-in step 1: the password (encrypted). */
export function submitPassword(input: { username: string; password: string }) {
  return adminEncryptedRequest<StaffLoginStep>(E.login, input);
}

/** Sign-in step 2: the authenticator code; keeps the session token (its binding is a cookie). */
export async function submitCode(input: { pendingToken: string; code: string }) {
  const session = await adminRequest<StaffSession>(E.totp, { body: input });
  writeStaffToken(session.token);
  return session;
}

export async function logout(): Promise<void> {
  try {
    await adminRequest(E.logout);
  } finally {
    writeStaffToken(null);
  }
}

/** The signed-in operator (roles decide the desks), read again when the console opens. */
export function meQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['admin', 'me', token],
    queryFn: ({ signal }) => adminRequest<Operator>(E.me, { signal }),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
}
