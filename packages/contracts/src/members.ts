import { z } from 'zod';
import { AUTH_LIMITS } from './auth';
import { languageSchema } from './i18n';

/** A string field of the registration user: bounded here, checked against the brand's rule by the server. */
const field = (max = 128) => z.string().trim().max(max).optional();

/** `PUT /wps/member/register` and `/register/mobile` (encrypted): the registration user of spec §3. */
export const registerRequestSchema = z
  .object({
    username: field(AUTH_LIMITS.usernameMaxLength),
    password: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
    confirmPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
    payeeName: field(),
    email: field(),
    qqNum: field(32),
    mobileNum: field(20),
    countryDialingCode: field(6),
    recommenderId: field(32),
    captcha: field(AUTH_LIMITS.captchaMaxLength),
    captchaId: z.string().max(64).optional(),
    verificationCode: field(AUTH_LIMITS.verificationCodeMaxLength),
    affiliateCode: field(32),
    paymentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
    line: field(64),
    whatsapp: field(64),
    facebook: field(),
    wechat: field(64),
    idNumber: field(32),
    referralCode: field(32),
    domain: field(255),
    /** Terms, privacy policy and age confirmation, all three ticked (spec §2). */
    acceptTerms: z.boolean().optional(),
    login: z.boolean().optional(),
    remember: z.boolean().optional(),
    deviceId: z.string().max(AUTH_LIMITS.deviceIdMaxLength).optional(),
    registerUrl: z.string().max(2048).optional(),
    registerMethod: z.string().max(16).optional(),
  })
  .strict();
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const affiliateCheckSchema = z
  .object({ code: z.string().trim().min(1).max(32), domain: z.string().max(255).optional() })
  .strict();

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().max(AUTH_LIMITS.passwordMaxLength),
    newPassword: z.string().max(AUTH_LIMITS.passwordMaxLength),
    confirmNewPassword: z.string().max(AUTH_LIMITS.passwordMaxLength),
  })
  .strict();

export const forgotPasswordEmailSchema = z
  .object({
    username: z.string().trim().min(1).max(AUTH_LIMITS.usernameMaxLength),
    email: z.string().trim().min(1).max(128),
  })
  .strict();

/** `POST /wps/member/password/sms`: send a reset code to the member's mobile. */
export const resetPasswordSmsSchema = z
  .object({
    mobileNum: z.string().trim().max(20),
    countryDialingCode: z.string().trim().max(6).optional(),
  })
  .strict();

/**
 * `POST /wps/member/password/verification` (encrypted): a code from the SMS (mobileNum) or the
 * e-mail (username + email) and the new password.
 */
export const resetPasswordSchema = z
  .object({
    newPassword: z.string().max(AUTH_LIMITS.passwordMaxLength),
    confirmNewPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
    verificationCode: z.string().trim().max(AUTH_LIMITS.verificationCodeMaxLength),
    mobileNum: z.string().trim().max(20).optional(),
    countryDialingCode: z.string().trim().max(6).optional(),
    username: z.string().trim().max(AUTH_LIMITS.usernameMaxLength).optional(),
    email: z.string().trim().max(128).optional(),
  })
  .strict();

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  vip: z.object({ enabled: z.boolean(), label: z.string(), level: z.number().int() }),
  currency: z.string(),
  currencySymbol: z.string(),
  language: languageSchema,
  inviteCode: z.string(),
  counts: z.object({ unreadMessages: z.number().int(), availablePromotions: z.number().int() }),
  referralPromoEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberIconSchema = z.object({ iconUrl: z.string() });

export const languageUpdateSchema = z.object({ language: z.string().max(16) }).strict();

/** The profile fields of "my account" (spec §3 registration user and "other profile fields"). */
export const profileSchema = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  birthday: z.string().nullable(),
  telegram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  line: z.string().nullable(),
  facebook: z.string().nullable(),
  zalo: z.string().nullable(),
  address: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  sourceOfIncome: z.string().nullable(),
  paymentPasswordSet: z.boolean(),
  totpEnabled: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
export const profileUpdateSchema = z
  .object({
    nickname: optionalText(32),
    fullName: optionalText(64),
    email: z.union([z.email().max(128), z.literal(''), z.null()]).optional(),
    mobileNum: z.union([z.string().regex(/^\d{8,15}$/), z.literal(''), z.null()]).optional(),
    birthday: z.union([z.iso.date(), z.literal(''), z.null()]).optional(),
    telegram: optionalText(64),
    whatsapp: optionalText(32),
    line: optionalText(64),
    facebook: optionalText(128),
    zalo: optionalText(32),
    address: optionalText(255),
    nationality: optionalText(64),
    occupation: optionalText(64),
    sourceOfIncome: optionalText(64),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Set (first time: login password as re-authentication) or change (old payment password) the withdraw password. */
export const paymentPasswordSchema = z
  .object({
    loginPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
    oldPaymentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
    paymentPassword: z.string().regex(/^\d{6}$/),
    confirmPaymentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength),
  })
  .strict();

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpCodeSchema = z.object({ code: z.string().trim().max(10) }).strict();

export const memberSessionSchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;
