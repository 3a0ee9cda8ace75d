import {
  ModuleId,
  REMEMBERED_SESSION_MS,
  SESSION_IDLE_MS,
  isAgentType,
  isMemberType,
  isModuleEnabled,
  MemberType,
  resolveLanguage,
  type LoginResponse,
  type LoginVerificationMethod,
} from '@banca/contracts';
import type { z } from 'zod';
import type { loginRequestSchema } from '@banca/contracts';
import type { MemberRow } from './tables';
import type { ClientInfo, SessionContext } from '../../http/auth-guard';
import { AppError } from '../../http/errors';
import type { Brand } from '../system';
import type { CaptchaService } from './captcha';
import {
  CAPTCHA_AFTER_FAILURES,
  createAttemptLimiter,
  type AttemptTarget,
} from './attempt-limiter';
import { newSecretToken, sha256, verifyPassword } from './passwords';
import { contactDestination, isChannelSettled } from './recovery-channels';
import type { AuthRepository } from './repository';
import { matchTotp } from './totp';
import type { NoticeKind, VerificationCodes } from './verification-codes';

type LoginInput = z.output<typeof loginRequestSchema>;

/** Passwords older than this are expired where the brand enforces expiry (CHNGPASSVERIF3). */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** A login held for extra verification must be completed within this time, in this many tries. */
const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;
const PENDING_LOGIN_MAX_ATTEMPTS = 5;
/**
 * How long a re-authentication ("sudo mode") lets a session change recovery channels: long
 * enough to fill a form, short enough that a token stolen later finds it expired.
 */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

/** What a valid session token gives a route. */
declare module '../../http/auth-guard' {
  /** A live member session as routes see it (`request.session`): the guard's view, widened. */
  interface SessionContext {
    sessionId: number;
    memberId: number;
    merchantCode: string;
    username: string;
    type: number;
    isAgent: boolean;
  }
}
export type { ClientInfo, SessionContext } from '../../http/auth-guard';

function maskMobile(member: MemberRow): string | null {
  return member.mobile_num
    ? `${member.country_dialing_code ?? ''} ****${member.mobile_num.slice(-4)}`
    : null;
}
function maskEmail(member: MemberRow): string | null {
  if (!member.email) return null;
  const [user = '', domain = ''] = member.email.split('@');
  return `${user.slice(0, 2)}***@${domain}`;
}

/** Normalises a Brazilian-style mobile number: digits only, without the country code. */
export function normaliseMobile(raw: string | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

export function createAuthService(deps: {
  repo: AuthRepository;
  captcha: CaptchaService;
  codes: VerificationCodes;
  now?: () => number;
}) {
  const { repo, captcha, codes } = deps;
  const now = deps.now ?? Date.now;
  const limiter = createAttemptLimiter(repo, now);

  async function createSession(
    member: MemberRow,
    options: { remember: boolean; scope: 'full' | 'password_change'; client: ClientInfo },
  ) {
    const token = newSecretToken();
    const lifetimeMs = options.remember ? REMEMBERED_SESSION_MS : SESSION_IDLE_MS;
    const expiresAt = new Date(now() + lifetimeMs);
    await repo.insertSession({
      token_hash: sha256(token),
      member_id: member.id,
      scope: options.scope,
      remember: options.remember,
      ip: options.client.ip,
      device: options.client.device,
      user_agent: options.client.userAgent?.slice(0, 512) ?? null,
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  function targetOf(member: MemberRow, ip: string): AttemptTarget {
    return { merchantCode: member.merchant_code, accountKey: member.username.toLowerCase(), ip };
  }

  /**
   * Checks a secret of a member (old password, payment password, authenticator code, a code of
   * re-authentication) under the same limiter as the login form.
   */
  async function checkSecret(
    member: MemberRow,
    ip: string,
    verify: () => Promise<boolean>,
    wrongCode:
      | 'old_password_incorrect'
      | 'payment_password_incorrect'
      | 'totp_invalid'
      | 'verification_failed',
  ): Promise<void> {
    await limiter.check(targetOf(member, ip), verify, wrongCode);
  }

  /**
   * Refuses a change of a recovery channel (e-mail, mobile, authenticator) unless this session
   * proved its owner again within REAUTH_WINDOW_MS: a stolen token alone cannot redirect the
   * account's recovery. Read from the database, not the session memory, so it is never stale.
   */
  async function requireRecentReauth(session: SessionContext, member: MemberRow): Promise<void> {
    const at = await repo.reauthenticatedAt(session.sessionId);
    if (at && now() - at.getTime() < REAUTH_WINDOW_MS) return;
    const methods: string[] = ['password'];
    if (member.mobile_num && isChannelSettled(member, 'mobile', now())) methods.push('sms');
    if (member.email && isChannelSettled(member, 'email', now())) methods.push('email');
    throw new AppError('reauth_required', { data: { methods } });
  }

  /**
   * Warns the owner on the channels the account had before a recovery channel changed: the old
   * e-mail and the old mobile (`before` is the member as it was), in the member's language.
   */
  async function notifyChannelChange(
    brand: Brand,
    before: MemberRow,
    kind: NoticeKind,
  ): Promise<void> {
    const language = resolveLanguage(before.language, 'pt-BR');
    const destinations: { channel: 'sms' | 'email'; destination: string }[] = [];
    if (before.email) destinations.push({ channel: 'email', destination: before.email });
    if (before.mobile_num)
      destinations.push({
        channel: 'sms',
        destination: `${before.country_dialing_code ?? ''}${before.mobile_num}`,
      });
    for (const { channel, destination } of destinations) {
      await codes.notify({
        merchantCode: brand.merchantCode,
        brandName: brand.name,
        kind,
        channel,
        destination,
        language,
      });
    }
  }

  function passwordExpired(brand: Brand, member: MemberRow): boolean {
    return (
      brand.settings.siteFlags.CHNGPASSVERIF3 &&
      now() - member.password_changed_at.getTime() > PASSWORD_MAX_AGE_MS
    );
  }

  /** Ends a successful identification: checks the account may enter here, then opens the session. */
  async function completeLogin(
    brand: Brand,
    member: MemberRow,
    options: { remember: boolean; agentLogin: boolean; client: ClientInfo; passwordLogin: boolean },
  ): Promise<LoginResponse> {
    if (member.status !== 'active') throw new AppError('account_disabled');
    if (!isMemberType(member.type)) throw new AppError('member_no_enter');
    if (options.agentLogin && !isAgentType(member.type))
      throw new AppError('only_agents_can_login');
    const expired = passwordExpired(brand, member);
    // Forced changes apply to password logins only (docs/product.md §4: not for SMS or third-party
    // logins).
    const mustChangePassword = options.passwordLogin && (member.must_change_password || expired);
    const session = await createSession(member, {
      remember: options.remember,
      scope: mustChangePassword ? 'password_change' : 'full',
      client: options.client,
    });
    const { firstLogin } = await repo.recordLogin(member.id, new Date(now()));
    await repo.rememberIp(member.id, options.client.ip);
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      firstTimeLogin: firstLogin,
      passwordExpired: expired,
      mustChangePassword,
      isAgent: isAgentType(member.type),
      isTrial: member.type === MemberType.trial,
      member: {
        id: member.id,
        account: member.username,
        userName: member.nickname ?? member.username,
      },
    };
  }

  /**
   * Holds a login from a new IP when the brand asks for extra verification (docs/product.md §1).
   */
  async function holdIfUnknownIp(
    brand: Brand,
    member: MemberRow,
    input: LoginInput,
    client: ClientInfo,
  ): Promise<void> {
    if (!isModuleEnabled(brand.settings.whitelabel, ModuleId.loginIpVerification)) return;
    const known = await repo.knownIps(member.id);
    if (known.length === 0 || known.includes(client.ip)) return;
    const methods: LoginVerificationMethod[] = [];
    // A channel changed in the last day cannot vouch for a new address (recovery-channels.ts).
    if (member.mobile_num && isChannelSettled(member, 'mobile', now())) methods.push('sms');
    if (member.email && isChannelSettled(member, 'email', now())) methods.push('email');
    if (member.full_name) methods.push('bankName');
    if (member.totp_enabled_at) methods.push('totp');
    // A member with no way to prove themselves is let in rather than locked out for good.
    if (methods.length === 0) return;
    const pendingToken = newSecretToken();
    await repo.insertPendingLogin({
      token_hash: sha256(pendingToken),
      member_id: member.id,
      ip: client.ip,
      remember: input.remember,
      agent_login: input.agentLogin,
      expires_at: new Date(now() + PENDING_LOGIN_TTL_MS),
    });
    throw new AppError('login_verification_required', {
      data: {
        pendingToken,
        methods,
        maskedMobile: maskMobile(member),
        maskedEmail: maskEmail(member),
      },
    });
  }

  async function loginWithPassword(
    brand: Brand,
    input: LoginInput,
    client: ClientInfo,
  ): Promise<LoginResponse> {
    if (!input.username || !input.password) throw new AppError('login_fields_required');
    const target: AttemptTarget = {
      merchantCode: brand.merchantCode,
      accountKey: input.username.toLowerCase(),
      ip: client.ip,
    };
    const admitted = await limiter.admit(target);
    if (admitted.captchaNeeded) await captcha.verify(input.captchaId, input.captcha, client);

    const member = await repo.findMemberByUsername(brand.merchantCode, input.username);
    // Same work and the same answer whether or not the account exists: no enumeration.
    const valid = await verifyPassword(member?.password_hash ?? null, input.password);
    if (!member || !valid) {
      await limiter.fail(target);
      throw new AppError('login_failed', {
        data: { captcha: admitted.failures + 1 >= CAPTCHA_AFTER_FAILURES },
      });
    }
    await limiter.succeed(target);
    await holdIfUnknownIp(brand, member, input, client);
    return completeLogin(brand, member, {
      remember: input.remember,
      agentLogin: input.agentLogin,
      client,
      passwordLogin: true,
    });
  }

  async function loginWithSms(
    brand: Brand,
    input: LoginInput,
    client: ClientInfo,
  ): Promise<LoginResponse> {
    if (!isModuleEnabled(brand.settings.whitelabel, ModuleId.smsLogin))
      throw new AppError('feature_disabled');
    const mobile = normaliseMobile(input.mobileNum);
    if (!mobile) throw new AppError('phone_missing');
    if (!input.verificationCode) throw new AppError('verification_code_invalid');
    const dialing = input.countryDialingCode || brand.countryDialingCode;
    await codes.consume({
      merchantCode: brand.merchantCode,
      purpose: 'login',
      destination: `${dialing}${mobile}`,
      code: input.verificationCode,
    });
    const member = await repo.findMemberByMobile(brand.merchantCode, dialing, mobile);
    // The code was sent only if the number is registered and settled; a valid code implies both.
    if (!member || !isChannelSettled(member, 'mobile', now()))
      throw new AppError('verification_code_invalid');
    return completeLogin(brand, member, {
      remember: input.remember,
      agentLogin: input.agentLogin,
      client,
      passwordLogin: false,
    });
  }

  async function login(
    brand: Brand,
    input: LoginInput,
    client: ClientInfo,
  ): Promise<LoginResponse> {
    if (input.type === 'sms') return loginWithSms(brand, input, client);
    if (input.type === 'firebase') {
      // Third-party sign-in needs a provider adapter, which this deployment does not configure.
      throw new AppError('feature_disabled');
    }
    return loginWithPassword(brand, input, client);
  }

  async function sendLoginCode(
    brand: Brand,
    input: { mobile: string | null; dialing: string | undefined },
    clientKey: string,
    language: 'pt-BR' | 'en',
  ) {
    if (!isModuleEnabled(brand.settings.whitelabel, ModuleId.smsLogin))
      throw new AppError('feature_disabled');
    if (!input.mobile) throw new AppError('phone_missing');
    if (!/^\d{8,15}$/.test(input.mobile)) throw new AppError('phone_invalid_format');
    const dialing = input.dialing || brand.countryDialingCode;
    const member = await repo.findMemberByMobile(brand.merchantCode, dialing, input.mobile);
    // Answer the same either way; only a registered number, not changed in the last day, actually
    // receives a code (a number just put on the account by a stolen session must not log in).
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'login',
      channel: 'sms',
      destination: `${dialing}${input.mobile}`,
      clientKey,
      language,
      deliver: member !== undefined && isChannelSettled(member, 'mobile', now()),
    });
  }

  async function loadPending(pendingToken: string) {
    const pending = await repo.findPendingLogin(sha256(pendingToken));
    if (
      !pending ||
      pending.used_at ||
      pending.expires_at.getTime() <= now() ||
      pending.attempts >= PENDING_LOGIN_MAX_ATTEMPTS
    ) {
      throw new AppError('verification_failed');
    }
    const member = await repo.findMemberById(pending.member_id);
    if (!member) throw new AppError('verification_failed');
    return { pending, member };
  }

  async function sendLoginVerificationCode(
    brand: Brand,
    pendingToken: string,
    method: 'sms' | 'email',
    language: 'pt-BR' | 'en',
  ) {
    const { member } = await loadPending(pendingToken);
    if (!isChannelSettled(member, method === 'sms' ? 'mobile' : 'email', now()))
      throw new AppError('verification_failed');
    const destination =
      method === 'sms'
        ? member.mobile_num
          ? `${member.country_dialing_code ?? ''}${member.mobile_num}`
          : null
        : member.email;
    if (!destination) throw new AppError('verification_failed');
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'login_ip',
      channel: method,
      destination,
      clientKey: `pending:${sha256(pendingToken)}`,
      language,
    });
  }

  async function verifyLogin(
    brand: Brand,
    input: { pendingToken: string; method: LoginVerificationMethod; code: string },
    client: ClientInfo,
  ): Promise<LoginResponse> {
    const { pending, member } = await loadPending(input.pendingToken);
    if (pending.ip !== client.ip) throw new AppError('verification_failed');
    const target = targetOf(member, client.ip);
    await limiter.admit(target);
    let ok = false;
    try {
      if (input.method === 'sms' && member.mobile_num) {
        await codes.consume({
          merchantCode: brand.merchantCode,
          purpose: 'login_ip',
          destination: `${member.country_dialing_code ?? ''}${member.mobile_num}`,
          code: input.code,
        });
        ok = true;
      } else if (input.method === 'email' && member.email) {
        await codes.consume({
          merchantCode: brand.merchantCode,
          purpose: 'login_ip',
          destination: member.email,
          code: input.code,
        });
        ok = true;
      } else if (input.method === 'bankName' && member.full_name) {
        ok = member.full_name.trim().toLowerCase() === input.code.trim().toLowerCase();
      } else if (input.method === 'totp' && member.totp_secret && member.totp_enabled_at) {
        const step = matchTotp(member.totp_secret, input.code, now());
        ok = step !== null && (await repo.acceptTotpStep(member.id, step));
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    if (!ok) {
      await repo.countPendingAttempt(pending.token_hash);
      await limiter.fail(target);
      throw new AppError('verification_failed');
    }
    if (!(await repo.usePendingLogin(pending.token_hash, new Date(now()))))
      throw new AppError('verification_failed');
    // The owner proved themselves from here: this address's failures on the account go.
    await limiter.succeed(target);
    await repo.rememberIp(member.id, client.ip);
    return completeLogin(brand, member, {
      remember: pending.remember,
      agentLogin: pending.agent_login,
      client,
      passwordLogin: true,
    });
  }

  /** The session a token stands for, sliding the idle expiry of non-remembered sessions. */
  async function authenticate(token: string, merchantCode: string): Promise<SessionContext | null> {
    if (token.length < 20 || token.length > 200) return null;
    const at = new Date(now());
    const row = await repo.findLiveSession(sha256(token), at);
    if (!row || row.merchant_code !== merchantCode || row.status !== 'active') return null;
    // Write at most once a minute per session: reading a page must not mean a write per request.
    if (at.getTime() - row.last_seen_at.getTime() > 60_000) {
      await repo.touchSession(
        row.sessionId,
        at,
        row.remember ? null : new Date(at.getTime() + SESSION_IDLE_MS),
      );
    }
    return {
      sessionId: row.sessionId,
      memberId: row.memberId,
      merchantCode: row.merchant_code,
      username: row.username,
      type: row.type,
      scope: row.scope,
      isAgent: isAgentType(row.type),
      isTrial: row.type === MemberType.trial,
    };
  }

  async function logout(session: SessionContext): Promise<void> {
    await repo.endSession(session.sessionId, session.memberId, new Date(now()));
  }

  /** Consumes a one-time code of another module's flow (registration by SMS). */
  /** Uses the code that confirms a new e-mail or mobile of this member (security-service.ts sent it). */
  async function consumeContactCode(
    brand: Brand,
    member: MemberRow,
    input: { channel: 'email' | 'mobile'; value: string; code: string | undefined },
  ): Promise<void> {
    await codes.consume({
      merchantCode: brand.merchantCode,
      purpose: 'verify_contact',
      destination: contactDestination(brand, member, input),
      code: input.code,
    });
  }

  async function consumeCode(
    brand: Brand,
    purpose: 'register',
    destination: string,
    code: string | undefined,
  ): Promise<void> {
    await codes.consume({ merchantCode: brand.merchantCode, purpose, destination, code });
  }

  async function sendRegisterCode(
    brand: Brand,
    input: { mobile: string | null; dialing: string | undefined },
    clientKey: string,
    language: 'pt-BR' | 'en',
  ) {
    if (!brand.settings.siteFlags.REGMOBVERF3) throw new AppError('feature_disabled');
    if (!input.mobile) throw new AppError('phone_missing');
    if (!/^\d{8,15}$/.test(input.mobile)) throw new AppError('phone_invalid_format');
    const dialing = input.dialing || brand.countryDialingCode;
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'register',
      channel: 'sms',
      destination: `${dialing}${input.mobile}`,
      clientKey,
      language,
    });
  }

  return {
    login,
    sendLoginCode,
    sendLoginVerificationCode,
    verifyLogin,
    authenticate,
    /** The sessions among these ids that are still live (the realtime socket's periodic check). */
    liveSessionIds: (sessionIds: number[]) => repo.liveSessionIds(sessionIds, new Date(now())),
    logout,
    /** Opens a session for a member another module just created or identified (registration, free play, password reset). */
    startSession: completeLogin,
    consumeCode,
    consumeContactCode,
    sendRegisterCode,
    checkSecret,
    requireRecentReauth,
    notifyChannelChange,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
