import {
  checkFieldRule,
  type Language,
  type LoginResponse,
  type MemberSession,
  type ReauthRequest,
} from '@banca/contracts';
import type { MemberRow } from './tables';
import { AppError } from '../../http/errors';
import type { Brand } from '../system';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { AuthRepository } from './repository';
import { assertChannelSettled, contactDestination, isChannelSettled } from './recovery-channels';
import type { AuthService, ClientInfo, SessionContext } from './service';
import { normaliseMobile, REAUTH_WINDOW_MS } from './service';
import { matchTotp, newTotpSecret, totpUri } from './totp';
import type { VerificationCodes } from './verification-codes';

/**
 * What a member does to keep the account safe: change and reset the password, the payment
 * (withdraw) password, an authenticator app, and the list of open sessions.
 */
export function createSecurityService(deps: {
  repo: AuthRepository;
  codes: VerificationCodes;
  auth: AuthService;
  now?: () => number;
}) {
  const { repo, codes, auth } = deps;
  const now = deps.now ?? Date.now;

  function checkNewPassword(
    brand: Brand,
    password: string,
    confirmation: string | undefined,
    language: Language,
  ) {
    const rule = brand.settings.register.find((r) => r.field === 'password');
    if (rule) {
      const message = checkFieldRule({ ...rule, required: true }, password, language);
      if (message)
        throw new AppError('field_invalid', {
          params: { message },
          data: {
            field: 'newPassword',
            patternId: rule.patternId,
            min: rule.minLength,
            max: rule.maxLength,
          },
        });
    }
    if (confirmation !== undefined && confirmation !== password)
      throw new AppError('password_mismatch');
    if (isCommonPassword(password)) throw new AppError('password_too_common');
  }

  async function member(session: SessionContext): Promise<MemberRow> {
    const row = await repo.findMemberById(session.memberId);
    if (!row) throw new AppError('not_logged_in');
    return row;
  }

  /**
   * Change password (docs/product.md §7). Allowed in a password-change session; afterwards the
   * session is full and every other session of the member is ended.
   */
  async function changePassword(
    session: SessionContext,
    brand: Brand,
    input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    language: Language,
    client: ClientInfo,
  ): Promise<void> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    // The form first: an error about the new password must not tell a guesser the old one was right.
    checkNewPassword(brand, input.newPassword, input.confirmNewPassword, language);
    if (input.newPassword === input.oldPassword) throw new AppError('password_unchanged');
    await auth.checkSecret(
      m,
      client.ip,
      () => verifyPassword(m.password_hash, input.oldPassword),
      'old_password_incorrect',
    );
    const at = new Date(now());
    await repo.setPassword(m.id, await hashPassword(input.newPassword), at);
    await repo.setSessionScope(session.sessionId, 'full');
    await repo.endOtherSessions(m.id, session.sessionId, at);
  }

  /**
   * Forgot password by e-mail: a code goes to the address when username and e-mail match.
   * The spec's answer "username or email does not exist" does say the pair did not match;
   * it needs both the name and the address, and the sends are throttled per client.
   */
  async function sendResetByEmail(
    brand: Brand,
    input: { username: string; email: string },
    clientKey: string,
    language: Language,
  ) {
    const m = await repo.findMemberByUsername(brand.merchantCode, input.username);
    if (!m || !m.email || m.email.toLowerCase() !== input.email.toLowerCase())
      throw new AppError('username_or_email_not_found');
    assertChannelSettled(m, 'email', now());
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'reset_password',
      channel: 'email',
      destination: m.email.toLowerCase(),
      clientKey,
      language,
    });
  }

  async function sendResetBySms(
    brand: Brand,
    input: { mobileNum: string; countryDialingCode?: string | undefined },
    clientKey: string,
    language: Language,
  ) {
    const mobile = normaliseMobile(input.mobileNum);
    if (!mobile) throw new AppError('phone_missing');
    if (!/^\d{8,15}$/.test(mobile)) throw new AppError('phone_invalid_format');
    const dialing = input.countryDialingCode || brand.countryDialingCode;
    const m = await repo.findMemberByMobile(brand.merchantCode, dialing, mobile);
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'reset_password',
      channel: 'sms',
      destination: `${dialing}${mobile}`,
      clientKey,
      language,
      // A number put on the account in the last day receives no reset code (recovery-channels.ts);
      // the answer stays the same, as for a number with no account.
      deliver: m !== undefined && isChannelSettled(m, 'mobile', now()),
    });
  }

  /** Sets the new password with a code from the SMS or the e-mail; then logs in (docs/product.md §4 "by phone: automatic login"). */
  async function resetPassword(
    brand: Brand,
    input: {
      newPassword: string;
      confirmNewPassword?: string | undefined;
      verificationCode: string;
      mobileNum?: string | undefined;
      countryDialingCode?: string | undefined;
      username?: string | undefined;
      email?: string | undefined;
    },
    client: ClientInfo,
    language: Language,
  ): Promise<LoginResponse> {
    let m: MemberRow | undefined;
    let destination: string;
    if (input.mobileNum) {
      const mobile = normaliseMobile(input.mobileNum);
      if (!mobile) throw new AppError('phone_missing');
      const dialing = input.countryDialingCode || brand.countryDialingCode;
      destination = `${dialing}${mobile}`;
      m = await repo.findMemberByMobile(brand.merchantCode, dialing, mobile);
    } else if (input.username && input.email) {
      destination = input.email.toLowerCase();
      m = await repo.findMemberByUsername(brand.merchantCode, input.username);
      if (m && m.email?.toLowerCase() !== destination) m = undefined;
    } else {
      throw new AppError('login_fields_required');
    }
    checkNewPassword(brand, input.newPassword, input.confirmNewPassword, language);
    await codes.consume({
      merchantCode: brand.merchantCode,
      purpose: 'reset_password',
      destination,
      code: input.verificationCode,
    });
    if (!m) throw new AppError('verification_code_invalid');
    assertChannelSettled(m, input.mobileNum ? 'mobile' : 'email', now());
    const at = new Date(now());
    await repo.setPassword(m.id, await hashPassword(input.newPassword), at);
    // Whoever knew the old password is logged out everywhere.
    await repo.endOtherSessions(m.id, null, at);
    await repo.clearFailures(brand.merchantCode, m.username.toLowerCase());
    const fresh = (await repo.findMemberById(m.id))!;
    return auth.startSession(brand, fresh, {
      remember: false,
      agentLogin: false,
      client,
      passwordLogin: true,
    });
  }

  async function setPaymentPassword(
    session: SessionContext,
    input: {
      loginPassword?: string | undefined;
      oldPaymentPassword?: string | undefined;
      paymentPassword: string;
      confirmPaymentPassword: string;
    },
    client: ClientInfo,
  ): Promise<void> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    if (input.paymentPassword !== input.confirmPaymentPassword)
      throw new AppError('password_mismatch');
    // Re-authentication before a sensitive change (ASVS 3.7.1): the old payment password, or the
    // login password the first time; counted like login failures.
    await auth.checkSecret(
      m,
      client.ip,
      () =>
        m.payment_password_hash
          ? verifyPassword(m.payment_password_hash, input.oldPaymentPassword ?? '')
          : verifyPassword(m.password_hash, input.loginPassword ?? ''),
      'old_password_incorrect',
    );
    await repo.setPaymentPassword(m.id, await hashPassword(input.paymentPassword));
  }

  /** Whether the member has set a payment password (the withdraw page says so before the form). */
  async function hasPaymentPassword(memberId: number): Promise<boolean> {
    const row = await repo.findMemberById(memberId);
    return Boolean(row?.payment_password_hash);
  }

  /**
   * Checks the payment password a withdrawal carries (facts.md §1): none set is
   * `payment_password_not_set`; a wrong one is `payment_password_incorrect`, counted by the
   * one limiter like a wrong login password, so repeated guesses lock the account the same way.
   */
  async function checkPaymentPassword(
    memberId: number,
    ip: string,
    paymentPassword: string,
  ): Promise<void> {
    const m = await repo.findMemberById(memberId);
    if (!m) throw new AppError('not_logged_in');
    const hash = m.payment_password_hash;
    if (!hash) throw new AppError('payment_password_not_set');
    await auth.checkSecret(
      m,
      ip,
      () => verifyPassword(hash, paymentPassword),
      'payment_password_incorrect',
    );
  }

  async function startTotpSetup(session: SessionContext, brand: Brand) {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    if (m.totp_enabled_at) throw new AppError('totp_invalid');
    const secret = newTotpSecret();
    await repo.setTotp(m.id, { secret, enabledAt: null });
    return { secret, otpauthUrl: totpUri(secret, m.username, brand.name) };
  }

  /** Whether the code is the authenticator's current one, not used before (replay). */
  async function totpMatches(m: MemberRow, secret: string, code: string): Promise<boolean> {
    const step = matchTotp(secret, code, now());
    return step !== null && (await repo.acceptTotpStep(m.id, step));
  }

  /** Turns the authenticator on: a new way to pass login checks, so it needs re-authentication. */
  async function enableTotp(
    session: SessionContext,
    brand: Brand,
    code: string,
    client: ClientInfo,
  ): Promise<void> {
    const m = await member(session);
    if (!m.totp_secret || m.totp_enabled_at) throw new AppError('totp_invalid');
    await auth.requireRecentReauth(session, m);
    const secret = m.totp_secret;
    await auth.checkSecret(m, client.ip, () => totpMatches(m, secret, code), 'totp_invalid');
    await repo.setTotp(m.id, { secret, enabledAt: new Date(now()) });
    await auth.notifyChannelChange(brand, m, 'totp_enabled');
  }

  async function disableTotp(
    session: SessionContext,
    brand: Brand,
    code: string,
    client: ClientInfo,
  ): Promise<void> {
    const m = await member(session);
    if (!m.totp_secret || !m.totp_enabled_at) throw new AppError('totp_invalid');
    await auth.requireRecentReauth(session, m);
    const secret = m.totp_secret;
    await auth.checkSecret(m, client.ip, () => totpMatches(m, secret, code), 'totp_invalid');
    await repo.setTotp(m.id, { secret: null, enabledAt: null });
    await auth.notifyChannelChange(brand, m, 'totp_disabled');
  }

  /**
   * Sends a re-authentication code to a channel the account already has and that is settled
   * (not changed in the last day), for members who prefer a code to their password.
   */
  async function sendReauthCode(
    session: SessionContext,
    brand: Brand,
    method: 'sms' | 'email',
    language: Language,
  ) {
    const m = await member(session);
    const destination = settledDestination(m, method);
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'reauth',
      channel: method,
      destination,
      clientKey: `reauth:${session.sessionId}`,
      language,
    });
  }

  function settledDestination(m: MemberRow, method: 'sms' | 'email'): string {
    const channel = method === 'sms' ? 'mobile' : 'email';
    const destination =
      method === 'sms'
        ? m.mobile_num
          ? `${m.country_dialing_code ?? ''}${m.mobile_num}`
          : null
        : m.email?.toLowerCase();
    if (!destination || !isChannelSettled(m, channel, now()))
      throw new AppError('verification_failed');
    return destination;
  }

  /**
   * Sends a confirmation code to an e-mail or mobile the member wants to put on the account
   * (members/service.ts saves it only with that code). Behind re-authentication, so a stolen
   * session can neither change the channel nor use the platform to send codes anywhere.
   */
  async function sendContactCode(
    session: SessionContext,
    brand: Brand,
    input: { channel: 'email' | 'mobile'; value: string },
    language: Language,
  ) {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    await auth.requireRecentReauth(session, m);
    return codes.send({
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      purpose: 'verify_contact',
      channel: input.channel === 'email' ? 'email' : 'sms',
      destination: contactDestination(brand, m, input),
      clientKey: `contact:${session.sessionId}`,
      language,
    });
  }

  /**
   * Re-authentication ("sudo mode", ASVS 3.7.1): the current password, or a code sent to a
   * settled channel, lets this session change recovery channels for REAUTH_WINDOW_MS. Wrong
   * answers count like login failures.
   */
  async function reauthenticate(
    session: SessionContext,
    brand: Brand,
    input: ReauthRequest,
    client: ClientInfo,
  ): Promise<{ validForSeconds: number }> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    if (input.method === 'password') {
      await auth.checkSecret(
        m,
        client.ip,
        () => verifyPassword(m.password_hash, input.password ?? ''),
        'old_password_incorrect',
      );
    } else {
      const destination = settledDestination(m, input.method);
      await auth.checkSecret(
        m,
        client.ip,
        async () => {
          try {
            await codes.consume({
              merchantCode: brand.merchantCode,
              purpose: 'reauth',
              destination,
              code: input.code,
            });
            return true;
          } catch (error) {
            if (error instanceof AppError) return false;
            throw error;
          }
        },
        'verification_failed',
      );
    }
    await repo.markReauthenticated(session.sessionId, new Date(now()));
    return { validForSeconds: REAUTH_WINDOW_MS / 1000 };
  }

  async function listSessions(session: SessionContext): Promise<MemberSession[]> {
    const rows = await repo.listLiveSessions(session.memberId, new Date(now()));
    return rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      device: r.device,
      userAgent: r.user_agent,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      current: r.id === session.sessionId,
    }));
  }

  async function endSession(session: SessionContext, sessionId: number): Promise<void> {
    if (!(await repo.endSession(sessionId, session.memberId, new Date(now()))))
      throw new AppError('session_not_found');
  }

  return {
    changePassword,
    sendResetByEmail,
    sendResetBySms,
    resetPassword,
    setPaymentPassword,
    hasPaymentPassword,
    checkPaymentPassword,
    startTotpSetup,
    enableTotp,
    disableTotp,
    sendReauthCode,
    reauthenticate,
    sendContactCode,
    listSessions,
    endSession,
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
