import { gatewayHeaderNames, type Endpoint } from '@banca/contracts';
import { readStaffToken, writeStaffToken } from '@/lib/staff-token';
import { isApiError } from './api-error';
import { apiRequest, type RequestOptions } from './client';
import { encryptedRequest } from './encrypted';

type AdminOptions<T> = Omit<RequestOptions<T>, 'authorization' | 'ignoreSessionRejection'>;

/**
 * A staff session the server no longer accepts (expired, ended, or refused for a missing
 * binding): the token is forgotten, which sends the console back to its sign-in.
 */
function forgetRejectedSession(error: unknown): void {
  if (isApiError(error) && error.code === 'staff_login_required' && readStaffToken())
    writeStaffToken(null);
}

/**
 * The operator console's HTTP call (docs/admin-console.md): apiRequest with the staff token in
 * `Authorization` instead of a member's; the binding cookie travels by itself (same origin).
 */
export async function adminRequest<T>(
  endpoint: Endpoint,
  options: AdminOptions<T> = {},
): Promise<T> {
  try {
    return await apiRequest<T>(endpoint, {
      ...options,
      authorization: readStaffToken(),
      ignoreSessionRejection: true,
    });
  } catch (error) {
    forgetRejectedSession(error);
    throw error;
  }
}

/** adminRequest for the routes marked E (the sign-in's password, an operator's first password). */
export async function adminEncryptedRequest<T>(
  endpoint: Endpoint & { method: 'POST' | 'PUT' },
  payload: unknown,
  options: Omit<AdminOptions<T>, 'body' | 'form'> = {},
): Promise<T> {
  try {
    return await encryptedRequest<T>(endpoint, payload, {
      ...options,
      authorization: readStaffToken(),
      ignoreSessionRejection: true,
    });
  } catch (error) {
    forgetRejectedSession(error);
    throw error;
  }
}

/**
 * An uploaded image the console shows (a promotion's proof, a feedback's picture): the staff
 * token in Authorization, the binding cookie with it. Null when it cannot be had.
 */
export async function fetchAdminImage(path: string, signal?: AbortSignal): Promise<Blob | null> {
  const response = await fetch(path, {
    headers: { [gatewayHeaderNames.authorization]: readStaffToken() ?? '' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) return null;
  return response.blob();
}
