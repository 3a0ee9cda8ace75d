import {
  checkFieldRule,
  type Language,
  type LoginResponse,
  type MemberSession,
} from '@banca/contracts';
import type { MemberRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Brand } from '../system/brand-settings';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { AuthRepository } from './repository';
import type { AuthService, ClientInfo, SessionContext } from './service';
import { normaliseMobile } from './service';
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
   * Change password (spec §7). Allowed in a password-change session; afterwards the session is
   * full and every other session of the member is ended.
   */
  async function changePassword(
    session: SessionContext,
    brand: Brand,
    input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    language: Language,
  ): Promise<void> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    if (!(await verifyPassword(m.password_hash, input.oldPassword)))
      throw new AppError('old_password_incorrect');
    checkNewPassword(brand, input.newPassword, input.confirmNewPassword, language);
    if (input.newPassword === input.oldPassword) throw new AppError('password_unchanged');
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
      deliver: m !== undefined,
    });
  }

  /** Sets the new password with a code from the SMS or the e-mail; then logs in (spec §4 "by phone: automatic login"). */
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
  ): Promise<void> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    // Re-authentication before a sensitive change (ASVS 3.7.1): the old payment password, or the login password the first time.
    const proven = m.payment_password_hash
      ? await verifyPassword(m.payment_password_hash, input.oldPaymentPassword ?? '')
      : await verifyPassword(m.password_hash, input.loginPassword ?? '');
    if (!proven) throw new AppError('old_password_incorrect');
    if (input.paymentPassword !== input.confirmPaymentPassword)
      throw new AppError('password_mismatch');
    await repo.setPaymentPassword(m.id, await hashPassword(input.paymentPassword));
  }

  async function startTotpSetup(session: SessionContext, brand: Brand) {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await member(session);
    if (m.totp_enabled_at) throw new AppError('totp_invalid');
    const secret = newTotpSecret();
    await repo.setTotp(m.id, { secret, enabledAt: null });
    return { secret, otpauthUrl: totpUri(secret, m.username, brand.name) };
  }

  async function enableTotp(session: SessionContext, code: string): Promise<void> {
    const m = await member(session);
    if (!m.totp_secret || m.totp_enabled_at) throw new AppError('totp_invalid');
    const step = matchTotp(m.totp_secret, code, now());
    if (step === null || !(await repo.acceptTotpStep(m.id, step)))
      throw new AppError('totp_invalid');
    await repo.setTotp(m.id, { secret: m.totp_secret, enabledAt: new Date(now()) });
  }

  async function disableTotp(session: SessionContext, code: string): Promise<void> {
    const m = await member(session);
    if (!m.totp_secret || !m.totp_enabled_at) throw new AppError('totp_invalid');
    const step = matchTotp(m.totp_secret, code, now());
    if (step === null || !(await repo.acceptTotpStep(m.id, step)))
      throw new AppError('totp_invalid');
    await repo.setTotp(m.id, { secret: null, enabledAt: null });
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
    startTotpSetup,
    enableTotp,
    disableTotp,
    listSessions,
    endSession,
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
