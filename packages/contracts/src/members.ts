import { z } from 'zod';
import { text, serverText } from './text';
import { AUTH_LIMITS } from './auth';
import { languageSchema } from './i18n';

/** A string field of the registration user: bounded here, checked against the brand's rule by the server. */
const field = (max = 128) => text(max).trim().optional();

/** `PUT /wps/member/register` and `/register/mobile` (encrypted): the registration user of docs/product.md §3. */
export const registerRequestSchema = z
  .object({
    username: field(AUTH_LIMITS.usernameMaxLength),
    password: text(AUTH_LIMITS.passwordMaxLength).optional(),
    confirmPassword: text(AUTH_LIMITS.passwordMaxLength).optional(),
    payeeName: field(),
    email: field(),
    qqNum: field(32),
    mobileNum: field(20),
    countryDialingCode: field(6),
    recommenderId: field(32),
    captcha: field(AUTH_LIMITS.captchaMaxLength),
    captchaId: text(64).optional(),
    verificationCode: field(AUTH_LIMITS.verificationCodeMaxLength),
    affiliateCode: field(32),
    paymentPassword: text(AUTH_LIMITS.passwordMaxLength).optional(),
    line: field(64),
    whatsapp: field(64),
    facebook: field(),
    wechat: field(64),
    idNumber: field(32),
    referralCode: field(32),
    domain: field(255),
    /** Terms, privacy policy and age confirmation, all three ticked (docs/product.md §2). */
    acceptTerms: z.boolean().optional(),
    login: z.boolean().optional(),
    remember: z.boolean().optional(),
    deviceId: text(AUTH_LIMITS.deviceIdMaxLength).optional(),
    registerUrl: text(2048).optional(),
    registerMethod: text(16).optional(),
  })
  .strict();
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const affiliateCheckSchema = z
  .object({ code: text(32).trim().min(1), domain: text(255).optional() })
  .strict();

export const changePasswordSchema = z
  .object({
    oldPassword: text(AUTH_LIMITS.passwordMaxLength),
    newPassword: text(AUTH_LIMITS.passwordMaxLength),
    confirmNewPassword: text(AUTH_LIMITS.passwordMaxLength),
  })
  .strict();

export const forgotPasswordEmailSchema = z
  .object({
    username: text(AUTH_LIMITS.usernameMaxLength).trim().min(1),
    email: text(128).trim().min(1),
  })
  .strict();

/** `POST /wps/member/password/sms`: send a reset code to the member's mobile. */
export const resetPasswordSmsSchema = z
  .object({
    mobileNum: text(20).trim(),
    countryDialingCode: text(6).trim().optional(),
  })
  .strict();

/**
 * `POST /wps/member/password/verification` (encrypted): a code from the SMS (mobileNum) or the
 * e-mail (username + email) and the new password.
 */
export const resetPasswordSchema = z
  .object({
    newPassword: text(AUTH_LIMITS.passwordMaxLength),
    confirmNewPassword: text(AUTH_LIMITS.passwordMaxLength).optional(),
    verificationCode: text(AUTH_LIMITS.verificationCodeMaxLength).trim(),
    mobileNum: text(20).trim().optional(),
    countryDialingCode: text(6).trim().optional(),
    username: text(AUTH_LIMITS.usernameMaxLength).trim().optional(),
    email: text(128).trim().optional(),
  })
  .strict();

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: serverText(),
  nickname: serverText().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  vip: z.object({ enabled: z.boolean(), label: serverText(), level: z.number().int() }),
  currency: serverText(),
  currencySymbol: serverText(),
  language: languageSchema,
  inviteCode: serverText(),
  counts: z.object({ unreadMessages: z.number().int(), availablePromotions: z.number().int() }),
  referralPromoEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberIconSchema = z.object({ iconUrl: serverText() });

export const languageUpdateSchema = z.object({ language: text(16) }).strict();

/**
 * The profile fields of "my account" (docs/product.md §3 registration user and "other profile
 * fields").
 */
export const profileSchema = z.object({
  account: serverText(),
  nickname: serverText().nullable(),
  fullName: serverText().nullable(),
  email: serverText().nullable(),
  countryDialingCode: serverText().nullable(),
  mobileNum: serverText().nullable(),
  birthday: serverText().nullable(),
  telegram: serverText().nullable(),
  whatsapp: serverText().nullable(),
  line: serverText().nullable(),
  facebook: serverText().nullable(),
  zalo: serverText().nullable(),
  address: serverText().nullable(),
  nationality: serverText().nullable(),
  occupation: serverText().nullable(),
  sourceOfIncome: serverText().nullable(),
  paymentPasswordSet: z.boolean(),
  totpEnabled: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Earliest birthday a profile takes: nobody alive was born before, and PostgreSQL has no year 0
 * (`0000-01-01` passed the ISO date format and answered 500).
 */
const BIRTHDAY_MIN = '1900-01-01';
const optionalText = (max: number) => text(max).trim().nullable().optional();
export const profileUpdateSchema = z
  .object({
    nickname: optionalText(32),
    fullName: optionalText(64),
    email: z.union([z.email().max(128), z.literal(''), z.null()]).optional(),
    mobileNum: z.union([text(15).regex(/^\d{8,15}$/), z.literal(''), z.null()]).optional(),
    birthday: z
      .union([z.iso.date().refine((date) => date >= BIRTHDAY_MIN), z.literal(''), z.null()])
      .optional(),
    telegram: optionalText(64),
    whatsapp: optionalText(32),
    line: optionalText(64),
    facebook: optionalText(128),
    zalo: optionalText(32),
    address: optionalText(255),
    nationality: optionalText(64),
    occupation: optionalText(64),
    sourceOfIncome: optionalText(64),
    /** The code `POST /wps/member/contact/code` sent to the new e-mail / mobile: a new channel must be the member's. */
    emailCode: text(10).trim().optional(),
    mobileCode: text(10).trim().optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `POST /wps/member/contact/code`: send a confirmation code to a new e-mail or mobile (after re-authentication). */
export const contactCodeRequestSchema = z
  .object({
    channel: z.enum(['email', 'mobile']),
    value: text(128).trim(),
  })
  .strict();
export type ContactCodeRequest = z.infer<typeof contactCodeRequestSchema>;

/** Set (first time: login password as re-authentication) or change (old payment password) the withdraw password. */
export const paymentPasswordSchema = z
  .object({
    loginPassword: text(AUTH_LIMITS.passwordMaxLength).optional(),
    oldPaymentPassword: text(AUTH_LIMITS.passwordMaxLength).optional(),
    paymentPassword: text(6).regex(/^\d{6}$/),
    confirmPaymentPassword: text(AUTH_LIMITS.passwordMaxLength),
  })
  .strict();

export const totpSetupSchema = z.object({ secret: serverText(), otpauthUrl: serverText() });
export const totpCodeSchema = z.object({ code: text(10).trim() }).strict();

/**
 * `POST /wps/member/reauth` (encrypted): prove the owner again before changing a recovery
 * channel (e-mail, mobile, authenticator): the current password, or a code sent by
 * `POST /wps/member/reauth/code` to a channel the account already has.
 */
export const reauthRequestSchema = z.discriminatedUnion('method', [
  z
    .object({ method: z.literal('password'), password: text(AUTH_LIMITS.passwordMaxLength) })
    .strict(),
  z.object({ method: z.enum(['sms', 'email']), code: text(10).trim() }).strict(),
]);
export type ReauthRequest = z.infer<typeof reauthRequestSchema>;
export const reauthResponseSchema = z.object({ validForSeconds: z.number().int() });
export const reauthCodeRequestSchema = z.object({ method: z.enum(['sms', 'email']) }).strict();
/** The ways `reauth_required` offers in `data.methods`. */
export const REAUTH_METHODS = ['password', 'sms', 'email'] as const;

export const memberSessionSchema = z.object({
  id: z.number().int(),
  ip: serverText(),
  device: serverText(),
  userAgent: serverText().nullable(),
  createdAt: serverText(),
  lastSeenAt: serverText(),
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;
