import { z } from 'zod';
import { text, serverText } from './text';

/** Limits on what a client may send; each one is far above any honest value. */
export const AUTH_LIMITS = {
  usernameMaxLength: 64,
  passwordMaxLength: 128,
  /** Spec §5: verification code max length 255. */
  verificationCodeMaxLength: 255,
  captchaMaxLength: 16,
  deviceIdMaxLength: 128,
} as const;

/**
 * Member types (docs/product.md §3): agent types set isAgent, type 4 is a trial (free play)
 * account.
 */
export const MemberType = {
  member: 0,
  agent: 1,
  agentLevel2: 2,
  agentLevel41: 41,
  agentLevel42: 42,
  trial: 4,
  staff: 9,
} as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const isAgentType = (type: number) => AGENT_TYPES.includes(type);
/** Accounts that may log in to the player site: members, agents and trials (not staff/test accounts). */
export const isMemberType = (type: number) => type === 0 || type === 4 || isAgentType(type);

/**
 * "Remember login" keeps a session for 24 hours (docs/product.md §9); otherwise it lasts this long
 * idle.
 */
export const REMEMBERED_SESSION_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;

export const loginTypeSchema = z.enum(['username', 'sms', 'firebase']);

export const loginRequestSchema = z
  .object({
    type: loginTypeSchema.default('username'),
    username: text(AUTH_LIMITS.usernameMaxLength).trim().optional(),
    password: text(AUTH_LIMITS.passwordMaxLength).optional(),
    mobileNum: text(20).trim().optional(),
    countryDialingCode: text(6).trim().optional(),
    verificationCode: text(AUTH_LIMITS.verificationCodeMaxLength).trim().optional(),
    captcha: text(AUTH_LIMITS.captchaMaxLength).trim().optional(),
    captchaId: text(64).optional(),
    remember: z.boolean().default(false),
    /** The agent page's login: only agents may use it (docs/product.md §6). */
    agentLogin: z.boolean().default(false),
    deviceId: text(AUTH_LIMITS.deviceIdMaxLength).optional(),
  })
  .strict();
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const sessionMemberSchema = z.object({
  id: z.number().int(),
  account: serverText(),
  userName: serverText(),
});

export const loginResponseSchema = z.object({
  token: serverText(),
  expiresAt: serverText(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /**
   * The password must be changed before anything else (weak default, or expired with expiry
   * enforcement on). The session can then only change the password or log out.
   */
  mustChangePassword: z.boolean(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  member: sessionMemberSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Methods a login from an unregistered IP can be verified with (docs/product.md §1). */
export const loginVerificationMethodSchema = z.enum(['sms', 'email', 'bankName', 'totp']);
export type LoginVerificationMethod = z.infer<typeof loginVerificationMethodSchema>;

/** `data` of the `login_verification_required` error. */
export const loginVerificationChallengeSchema = z.object({
  pendingToken: serverText(),
  methods: z.array(loginVerificationMethodSchema),
  maskedMobile: serverText().nullable(),
  maskedEmail: serverText().nullable(),
});

export const loginVerificationSendSchema = z
  .object({ pendingToken: text(128), method: z.enum(['sms', 'email']) })
  .strict();
export const loginVerificationRequestSchema = z
  .object({
    pendingToken: text(128),
    method: loginVerificationMethodSchema,
    code: text(AUTH_LIMITS.verificationCodeMaxLength).trim(),
  })
  .strict();

export const freePlayRequestSchema = z
  .object({
    os: text(32).optional(),
    platform: text(8).optional(),
    encryption: z.unknown().optional(),
    gatewayVersion: z.union([text(16), z.number()]).optional(),
  })
  .strict();

export const smsSendRequestSchema = z
  .object({
    mobileNum: text(20).trim().optional(),
    mobileNo: text(20).trim().optional(),
    countryDialingCode: text(6).trim().optional(),
    captcha: text(AUTH_LIMITS.captchaMaxLength).trim().optional(),
    captchaId: text(64).optional(),
  })
  .strict();
/** SMS send answer: the countdown is expiredMinutes × 60 s (docs/product.md §4). */
export const smsSendResponseSchema = z.object({ expiredMinutes: z.number().int().positive() });

export const captchaIdHeader = 'x-captcha-id';

/** The RSA key clients wrap their AES key with (docs/architecture.md "Encrypted bodies"). */
export const rsaKeyResponseSchema = z.object({
  kid: serverText(),
  jwk: z.record(serverText(), z.unknown()),
});
export const encryptedBodySchema = z.object({
  enc: z
    .object({
      kid: text(64),
      key: text(2048),
      iv: text(64),
      data: text(256 * 1024),
    })
    .strict(),
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;
