import { createKeyStore, type KeyStore } from '../../http/encrypted-body';
import { createAccounts, type Accounts } from './accounts';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import { createCaptchaService, type CaptchaService } from './captcha';
import './errors';
import {
  createOutboxReader,
  createOutboxSender,
  type MessageSender,
  type OutboxReader,
} from './outside-services';
import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter';
import { createAuthRepository } from './repository';
import { authRoutes } from './routes';
import { createSecurityService, type SecurityService } from './security-service';
import { createAuthService, type AuthService } from './service';
import { createVerificationCodes } from './verification-codes';

export type { AuthService, ClientInfo, SessionContext } from './service';
export type { SecurityService } from './security-service';
export type { Accounts } from './accounts';
export type { MemberRow, MembersTable, NewMember } from './tables';
export type { MessageSender, OutgoingMessage } from './outside-services';
export { createOutboxSender, ProviderError } from './outside-services';
export {
  constantTimeEqual,
  hashPassword,
  isCommonPassword,
  newSecretToken,
  sha256,
  verifyPassword,
} from './passwords';
export { matchTotp, newTotpSecret, totpCodeAt, totpUri } from './totp';
export type { AttemptLimiter, AttemptTarget } from './attempt-limiter';
export type { OutboxReader } from './outside-services';
export { MEMBER_SEARCH_SORTS, type MemberSearchSort } from './accounts';
export { normaliseMobile } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    /** The RSA keys of encrypted bodies (http/encrypted-body.ts). */
    keys: KeyStore;
    /** Member rows for registration, profile and language (the members module). */
    accounts: Accounts;
    captcha: CaptchaService;
    auth: AuthService;
    security: SecurityService;
    /**
     * The one brute-force limiter (attempt-limiter.ts): the operator console counts staff
     * logins and authenticator codes into the same failures, under its own account keys.
     */
    attempts: AttemptLimiter;
    /** The development SMS and e-mail outbox, read by the operator console. */
    outbox: OutboxReader;
  }
  interface PlatformAdapters {
    /** SMS and e-mail; the development outbox unless configured. */
    messageSender?: MessageSender;
  }
}

/**
 * auth: the accounts and how members prove who they are: sessions, login, captcha, codes by
 * SMS and e-mail, passwords, authenticator, re-authentication. Owns `members` (the accounts),
 * `sessions`, `login_failures`, `captchas`, `verification_codes`, `pending_logins`,
 * `member_known_ips`, `encryption_keys`, `encrypted_body_uses`, `outbox_messages`.
 */
export const authModule = defineModule({
  name: 'auth',
  requires: [],
  provides: ['keys', 'accounts', 'captcha', 'auth', 'security', 'attempts', 'outbox'],
  create({ db, adapters }) {
    const captcha = createCaptchaService(db);
    const codes = createVerificationCodes(db, adapters.messageSender ?? createOutboxSender(db));
    const repo = createAuthRepository(db);
    const auth = createAuthService({ repo, captcha, codes });
    const security = createSecurityService({ repo, codes, auth });
    return {
      keys: createKeyStore(db),
      accounts: createAccounts(db),
      captcha,
      auth,
      security,
      attempts: createAttemptLimiter(repo),
      outbox: createOutboxReader(db),
    };
  },
  routes: { player: (scope, services) => authRoutes(scope, services) },
});
