import type { LoginVerificationMethod } from '@banca/contracts';
import { isApiError } from '@/api/api-error';

/** `data` of `login_verification_required` (a correct password from an IP the member never used). */
export type LoginChallenge = {
  pendingToken: string;
  methods: LoginVerificationMethod[];
  maskedMobile: string | null;
  maskedEmail: string | null;
};

const METHODS: readonly LoginVerificationMethod[] = ['sms', 'email', 'bankName', 'totp'];

/** The challenge an error carries, or null for any other error. */
export function challengeOf(error: unknown): LoginChallenge | null {
  if (!isApiError(error) || error.code !== 'login_verification_required') return null;
  const data = error.data ?? {};
  const methods = Array.isArray(data.methods)
    ? data.methods.filter((method): method is LoginVerificationMethod =>
        METHODS.includes(method as LoginVerificationMethod),
      )
    : [];
  if (typeof data.pendingToken !== 'string' || methods.length === 0) return null;
  return {
    pendingToken: data.pendingToken,
    methods,
    maskedMobile: typeof data.maskedMobile === 'string' ? data.maskedMobile : null,
    maskedEmail: typeof data.maskedEmail === 'string' ? data.maskedEmail : null,
  };
}
