import { randomBytes } from 'node:crypto';
import {
  MemberType,
  ModuleId,
  checkFieldRule,
  isAgentType,
  isModuleEnabled,
  resolveLanguage,
  type Language,
  type LoginResponse,
  type MemberInfo,
  type Profile,
  type ProfileUpdate,
  type RegisterRequest,
} from '@banca/contracts';
import type { MemberRow } from '../auth';
import { AppError } from '../../http/errors';
import { publish } from '../../lib/events';
import type { Accounts, AuthService, ClientInfo, SessionContext } from '../auth';
import { hashPassword, isCommonPassword } from '../auth';
import type { Brand } from '../system';
import type { WalletService } from '../wallet';
import type { MessagesService } from '../messages';
import './events';
import { newMemberRow } from './new-member';

/** Fields of the registration user stored on the member row, and the column each goes to. */
const MESSAGING_FIELDS = ['line', 'whatsapp', 'facebook', 'wechat', 'qqNum'] as const;

/** Marks an account that cannot log in with a password (verifyPassword treats it as a mismatch). */
const TRIAL_PASSWORD_HASH = '!no-password';

type RegisterInput = Omit<RegisterRequest, 'acceptTerms'> & { acceptTerms?: boolean };

/** Two CPFs written either way (with or without dots and dash) are the same person's. */
function sameCpf(a: string, b: string): boolean {
  const digits = (value: string) => value.replace(/\D/g, '');
  return digits(a).length > 0 && digits(a) === digits(b);
}

function newInviteCode(): string {
  // 8 characters of an unambiguous alphabet: ~40 bits, plenty for per-brand uniqueness.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

/** A member's VIP label and rank, or null when the brand's VIP is off (the stored level then). */
export type VipReader = (member: {
  memberId: number;
  merchantCode: string;
}) => Promise<{ label: string; level: number } | null>;

export function createMembersService(deps: {
  accounts: Accounts;
  auth: AuthService;
  wallet: WalletService;
  /** The inbox's unread count for member info (its badge). */
  messages: Pick<MessagesService, 'unreadCount'>;
  now?: () => number;
}) {
  const { accounts, auth, wallet, messages } = deps;
  const now = deps.now ?? Date.now;
  /**
   * The member's VIP level as the rewards module's VIP part reads it (docs/loyalty.md): that
   * module is built after this one, so it connects its reader here. Unset: the stored level.
   */
  let vipReader: VipReader | null = null;
  function connectVip(reader: VipReader): void {
    vipReader = reader;
  }

  /** Every enabled field checked by its rule, the first failure reported (docs/product.md §5). */
  function checkRegistrationFields(
    brand: Brand,
    input: RegisterInput,
    language: Language,
    mode: 'username' | 'mobile',
  ) {
    for (const rule of brand.settings.register) {
      if (!rule.enabled) continue;
      if (
        rule.field === 'confirmPassword' ||
        rule.field === 'captcha' ||
        rule.field === 'verificationCode'
      )
        continue;
      let required = rule.required;
      if (mode === 'mobile' && rule.field === 'mobileNum') required = true;
      if (mode === 'mobile' && rule.field === 'username') continue;
      if (
        mode === 'mobile' &&
        rule.field === 'password' &&
        !brand.settings.siteFlags.MOBILENUMPASSREG3
      )
        continue;
      const value = (input as Record<string, unknown>)[rule.field];
      const message = checkFieldRule(
        { ...rule, required },
        typeof value === 'string' ? value : undefined,
        language,
      );
      if (message) {
        throw new AppError('field_invalid', {
          params: { message },
          data: {
            field: rule.field,
            patternId: rule.patternId,
            min: rule.minLength,
            max: rule.maxLength,
          },
        });
      }
    }
  }

  async function register(
    brand: Brand,
    input: RegisterInput,
    mode: 'username' | 'mobile',
    client: ClientInfo,
    language: Language,
  ): Promise<LoginResponse> {
    const flags = brand.settings.siteFlags;
    if (mode === 'username' && !flags.USERNAMEREG3) throw new AppError('feature_disabled');
    if (mode === 'mobile' && !flags.MOBILENUMREG3) throw new AppError('feature_disabled');
    if (!input.acceptTerms) throw new AppError('terms_not_accepted');
    checkRegistrationFields(brand, input, language, mode);

    const dialing = input.countryDialingCode || brand.countryDialingCode;
    const mobile = input.mobileNum ? input.mobileNum.replace(/\D/g, '') : null;
    const needsPassword = mode === 'username' || flags.MOBILENUMPASSREG3;
    if (needsPassword) {
      if (!input.password) throw new AppError('login_fields_required');
      if (input.password !== input.confirmPassword) throw new AppError('password_mismatch');
      if (isCommonPassword(input.password)) throw new AppError('password_too_common');
    }

    // The affiliate code is checked first (docs/product.md §4 Registration).
    let upline: MemberRow | undefined;
    if (input.affiliateCode) {
      upline = await accounts.findByInviteCode(brand.merchantCode, input.affiliateCode);
      if (!upline || !isAgentType(upline.type)) throw new AppError('invitation_code_error');
    }
    const referrer = input.referralCode
      ? await accounts.findByInviteCode(brand.merchantCode, input.referralCode)
      : undefined;
    // Inviting oneself (docs/missions.md "Anti-abuse"): a CPF is one person.
    if (referrer?.id_number && input.idNumber && sameCpf(referrer.id_number, input.idNumber))
      throw new AppError('referral_self');

    if (flags.REGMOBVERF3) {
      if (!mobile) throw new AppError('phone_missing');
      await auth.consumeCode(brand, 'register', `${dialing}${mobile}`, input.verificationCode);
    }

    const username = mode === 'mobile' && !input.username ? `m${mobile}` : input.username;
    if (!username) throw new AppError('login_fields_required');
    if (await accounts.usernameExists(brand.merchantCode, username))
      throw new AppError('username_taken');
    if (mobile && (await accounts.mobileExists(brand.merchantCode, dialing, mobile)))
      throw new AppError('mobile_taken');

    const messaging: Record<string, string> = {};
    for (const key of MESSAGING_FIELDS) {
      const value = input[key];
      if (value) messaging[key === 'qqNum' ? 'qq' : key] = value;
    }
    const password = needsPassword ? input.password! : randomBytes(24).toString('base64url');
    let member: MemberRow;
    try {
      member = await accounts.insert(
        newMemberRow({
          merchant_code: brand.merchantCode,
          username,
          password_hash: await hashPassword(password),
          payment_password_hash: input.paymentPassword
            ? await hashPassword(input.paymentPassword)
            : null,
          type: MemberType.member,
          full_name: input.payeeName || null,
          email: input.email || null,
          country_dialing_code: mobile ? dialing : null,
          mobile_num: mobile,
          messaging: JSON.stringify(messaging),
          id_number: input.idNumber || null,
          language,
          invite_code: newInviteCode(),
          upline_member_id: upline?.id ?? null,
          referred_by_member_id: referrer?.id ?? null,
          registration_ip: client.ip,
          registration_device: input.deviceId ?? client.device,
        }),
        (trx, row) =>
          publish(trx, 'member.registered', {
            memberId: row.id,
            merchantCode: row.merchant_code,
            uplineMemberId: row.upline_member_id,
            referredByMemberId: row.referred_by_member_id,
          }),
      );
    } catch (error) {
      // Two registrations racing for one name: the unique index decides, the loser is told plainly.
      if (error instanceof Error && /members_username/.test(error.message))
        throw new AppError('username_taken');
      if (error instanceof Error && /members_mobile/.test(error.message))
        throw new AppError('mobile_taken');
      throw error;
    }
    return auth.startSession(brand, member, {
      remember: input.remember ?? false,
      agentLogin: false,
      client,
      passwordLogin: false,
    });
  }

  async function checkAffiliate(
    brand: Brand,
    code: string,
  ): Promise<{ valid: true; agent: string }> {
    const agent = await accounts.findByInviteCode(brand.merchantCode, code);
    if (!agent || !isAgentType(agent.type)) throw new AppError('invitation_code_error');
    return { valid: true, agent: agent.nickname ?? agent.username };
  }

  /**
   * An agent's register centre (docs/agents.md): a direct downline account, a player or an
   * agent, with the agent as its upline. Published as `member.registered` like a registration
   * by affiliate link, so the same handlers (the agents' tree among them) react to it.
   */
  async function registerDownline(
    brand: Brand,
    agentId: number,
    input: { username: string; password: string; isAgent: boolean },
    client: ClientInfo,
    language: Language,
  ): Promise<MemberRow> {
    const agent = await accounts.findById(agentId);
    if (!agent || !isAgentType(agent.type)) throw new AppError('invitation_code_error');
    if (isCommonPassword(input.password)) throw new AppError('password_too_common');
    if (await accounts.usernameExists(brand.merchantCode, input.username))
      throw new AppError('username_taken');
    try {
      return await accounts.insert(
        newMemberRow({
          merchant_code: brand.merchantCode,
          username: input.username,
          password_hash: await hashPassword(input.password),
          type: input.isAgent ? MemberType.agent : MemberType.member,
          language,
          invite_code: newInviteCode(),
          upline_member_id: agent.id,
          registration_ip: client.ip,
          registration_device: client.device,
        }),
        (trx, row) =>
          publish(trx, 'member.registered', {
            memberId: row.id,
            merchantCode: row.merchant_code,
            uplineMemberId: row.upline_member_id,
            referredByMemberId: null,
          }),
      );
    } catch (error) {
      if (error instanceof Error && /members_username/.test(error.message))
        throw new AppError('username_taken');
      throw error;
    }
  }

  /** Free play (docs/product.md §1): a trial member (type 4) logged in at once. */
  async function freePlay(
    brand: Brand,
    client: ClientInfo,
    language: Language,
  ): Promise<LoginResponse> {
    if (!isModuleEnabled(brand.settings.whitelabel, ModuleId.freePlay))
      throw new AppError('feature_disabled');
    const member = await accounts.insert(
      newMemberRow({
        merchant_code: brand.merchantCode,
        username: `trial_${randomBytes(5).toString('hex')}`,
        // Not an argon2 hash, so no password ever matches: a trial account lives only as long as its session.
        password_hash: TRIAL_PASSWORD_HASH,
        type: MemberType.trial,
        language,
        invite_code: newInviteCode(),
        registration_ip: client.ip,
        registration_device: client.device,
      }),
    );
    await wallet.grantDemoCredit({
      memberId: member.id,
      merchantCode: brand.merchantCode,
      currency: brand.currency,
    });
    return auth.startSession(brand, member, {
      remember: false,
      agentLogin: false,
      client,
      passwordLogin: false,
    });
  }

  async function load(session: SessionContext): Promise<MemberRow> {
    const member = await accounts.findById(session.memberId);
    if (!member) throw new AppError('not_logged_in');
    return member;
  }

  async function info(session: SessionContext, brand: Brand): Promise<MemberInfo> {
    const member = await load(session);
    const vip = (await vipReader?.({ memberId: member.id, merchantCode: brand.merchantCode })) ?? {
      label: `VIP ${member.vip_level}`,
      level: member.vip_level,
    };
    return {
      id: member.id,
      account: member.username,
      nickname: member.nickname,
      type: member.type,
      isAgent: isAgentType(member.type),
      isTrial: member.type === MemberType.trial,
      vip: {
        enabled: isModuleEnabled(brand.settings.whitelabel, ModuleId.vip),
        label: vip.label,
        level: vip.level,
      },
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      language: resolveLanguage(member.language),
      inviteCode: member.invite_code,
      // Trial members have no inbox (docs/product.md §4); promotions arrive with the rewards module.
      counts: {
        unreadMessages:
          member.type === MemberType.trial
            ? 0
            : await messages.unreadCount({ memberId: member.id, merchantCode: brand.merchantCode }),
        availablePromotions: 0,
      },
      referralPromoEnabled: isModuleEnabled(brand.settings.whitelabel, ModuleId.referral),
      mustChangePassword: session.scope === 'password_change',
    };
  }

  async function setLanguage(
    session: SessionContext,
    raw: string,
  ): Promise<{ language: Language }> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const language = resolveLanguage(raw, 'pt-BR');
    await accounts.update(session.memberId, { language });
    return { language };
  }

  async function profile(session: SessionContext): Promise<Profile> {
    const m = await load(session);
    const messaging = m.messaging ?? {};
    return {
      account: m.username,
      nickname: m.nickname,
      fullName: m.full_name,
      email: m.email,
      countryDialingCode: m.country_dialing_code,
      mobileNum: m.mobile_num,
      birthday: m.birthday,
      telegram: messaging.telegram ?? null,
      whatsapp: messaging.whatsapp ?? null,
      line: messaging.line ?? null,
      facebook: messaging.facebook ?? null,
      zalo: messaging.zalo ?? null,
      address: m.address,
      nationality: m.nationality,
      occupation: m.occupation,
      sourceOfIncome: m.source_of_income,
      paymentPasswordSet: m.payment_password_hash !== null,
      totpEnabled: m.totp_enabled_at !== null,
    };
  }

  /**
   * A new e-mail or mobile is saved only with the code sent to it, so every channel that can
   * later recover the account is one the member has shown they receive. All codes are checked
   * present before any is used, so a missing second code does not burn the first.
   */
  async function confirmNewContacts(
    brand: Brand,
    m: MemberRow,
    change: {
      email: string | null | undefined;
      mobile: string | null | undefined;
      emailCode: string | undefined;
      mobileCode: string | undefined;
    },
  ): Promise<void> {
    const pending = [
      { channel: 'email' as const, value: change.email, code: change.emailCode },
      { channel: 'mobile' as const, value: change.mobile, code: change.mobileCode },
    ].filter((p): p is { channel: 'email' | 'mobile'; value: string; code: string | undefined } =>
      Boolean(p.value),
    );
    const missing = pending.find((p) => !p.code);
    if (missing)
      throw new AppError('contact_code_required', { data: { channel: missing.channel } });
    for (const p of pending) await auth.consumeContactCode(brand, m, p);
  }

  async function updateProfile(
    session: SessionContext,
    brand: Brand,
    change: ProfileUpdate,
  ): Promise<Profile> {
    if (session.isTrial) throw new AppError('trial_register_first');
    const m = await load(session);
    const blankToNull = (v: string | null | undefined) =>
      v === undefined ? undefined : v === '' ? null : v;
    const messaging = { ...(m.messaging ?? {}) };
    for (const key of ['telegram', 'whatsapp', 'line', 'facebook', 'zalo'] as const) {
      const v = blankToNull(change[key]);
      if (v === null) delete messaging[key];
      else if (v !== undefined) messaging[key] = v;
    }
    const mobile = blankToNull(change.mobileNum);
    const email = blankToNull(change.email);
    const emailChanges = email !== undefined && (email ?? null) !== m.email;
    const mobileChanges = mobile !== undefined && (mobile ?? null) !== m.mobile_num;
    // E-mail and mobile recover the account: a stolen session token alone must not change them.
    if (emailChanges || mobileChanges) await auth.requireRecentReauth(session, m);
    if (
      mobile &&
      mobile !== m.mobile_num &&
      (await accounts.mobileExists(
        brand.merchantCode,
        m.country_dialing_code ?? brand.countryDialingCode,
        mobile,
      ))
    ) {
      throw new AppError('mobile_taken');
    }
    await confirmNewContacts(brand, m, {
      email: emailChanges ? (email ?? null) : undefined,
      mobile: mobileChanges ? (mobile ?? null) : undefined,
      emailCode: change.emailCode,
      mobileCode: change.mobileCode,
    });
    await accounts.update(session.memberId, {
      ...(change.nickname !== undefined ? { nickname: blankToNull(change.nickname) ?? null } : {}),
      ...(change.fullName !== undefined ? { full_name: blankToNull(change.fullName) ?? null } : {}),
      ...(emailChanges ? { email: email ?? null, email_changed_at: new Date(now()) } : {}),
      ...(mobileChanges
        ? {
            mobile_changed_at: new Date(now()),
            mobile_num: mobile ?? null,
            country_dialing_code: mobile
              ? (m.country_dialing_code ?? brand.countryDialingCode)
              : null,
          }
        : {}),
      ...(change.birthday !== undefined ? { birthday: blankToNull(change.birthday) ?? null } : {}),
      ...(change.address !== undefined ? { address: blankToNull(change.address) ?? null } : {}),
      ...(change.nationality !== undefined
        ? { nationality: blankToNull(change.nationality) ?? null }
        : {}),
      ...(change.occupation !== undefined
        ? { occupation: blankToNull(change.occupation) ?? null }
        : {}),
      ...(change.sourceOfIncome !== undefined
        ? { source_of_income: blankToNull(change.sourceOfIncome) ?? null }
        : {}),
      messaging: JSON.stringify(messaging),
    });
    // The owner hears of it on the channels the account had before (m is the row as it was).
    if (emailChanges) await auth.notifyChannelChange(brand, m, 'email_changed');
    if (mobileChanges) await auth.notifyChannelChange(brand, m, 'mobile_changed');
    return profile(session);
  }

  return {
    connectVip,
    register,
    registerDownline,
    checkAffiliate,
    freePlay,
    info,
    setLanguage,
    profile,
    updateProfile,
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
