import { z } from 'zod';
import { ADMIN_ENDPOINTS } from './admin-endpoints';
import { AUTH_LIMITS } from './auth';
import { defineRoute, doneSchema, type RouteDescriptor } from './routes';
import { serverText, text } from './text';
import { amountSchema, transactionTypeSchema, transactionsPageSchema } from './wallet';

/**
 * The operator console's requests and answers (`/admin/api`, docs/admin-console.md): staff
 * sign-in with a mandatory authenticator, operators and roles, the audit log, and the member
 * desks. Every console table pages on the server with ADMIN_PAGE_QUERY's shape and answers
 * `adminPage(row)`.
 */

/** Staff roles (DESIGN.md §6). `owner` manages operators; desks name the roles they admit. */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'content', 'risk'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Operator usernames: letters, digits, dot, dash, underscore; 3–32 characters. */
export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
/** Staff passwords are longer than members' (ASVS 2.1.1 asks 12 for privileged accounts). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** Largest page any console table asks for: a screen of rows, never the whole table. */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;

/** Paging and sorting every console table sends (the Table component's server mode). */
export const adminPageQueryShape = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PAGE_SIZE_MAX)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
  /** A column id the route lists as sortable; anything else is validation_failed. */
  sort: text(40).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
};

/** A page of rows as every console table receives it. */
export function adminPage<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

// ── staff sign-in ─────────────────────────────────────────────────────────────

/** Step 1 (encrypted body): username and password. */
export const staffLoginRequestSchema = z
  .object({
    username: text(64).trim().min(1),
    password: text(AUTH_LIMITS.passwordMaxLength).min(1),
  })
  .strict();

/**
 * The answer to step 1: the authenticator step always follows. `enrol` (first login, or after an
 * owner reset the authenticator) carries the new secret and its otpauth URL for the QR.
 */
export const staffLoginStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), pendingToken: serverText() }),
  z.object({
    step: z.literal('enrol'),
    pendingToken: serverText(),
    secret: serverText(),
    otpauthUrl: serverText(),
  }),
]);
export type StaffLoginStep = z.infer<typeof staffLoginStepSchema>;

/** Step 2: the authenticator's code for the pending login. */
export const staffTotpRequestSchema = z
  .object({ pendingToken: text(100), code: text(10).trim() })
  .strict();

export const operatorSchema = z.object({
  id: z.number().int(),
  username: serverText(),
  displayName: serverText(),
  roles: z.array(staffRoleSchema),
  status: z.enum(['active', 'disabled']),
  totpEnrolled: z.boolean(),
  lastLoginAt: serverText().nullable(),
  createdAt: serverText(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** A staff session: the token goes in `Authorization`; its binding travels as an HttpOnly cookie. */
export const staffSessionSchema = z.object({
  token: serverText(),
  idleExpiresAt: serverText(),
  absoluteExpiresAt: serverText(),
  operator: operatorSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

// ── operators (owner) ─────────────────────────────────────────────────────────

/** Encrypted body: the owner gives the first password; the authenticator is enrolled at first login. */
export const createOperatorSchema = z
  .object({
    username: text(32).trim().regex(STAFF_USERNAME_PATTERN),
    displayName: text(64).trim().min(1),
    password: text(AUTH_LIMITS.passwordMaxLength).min(STAFF_PASSWORD_MIN_LENGTH),
    roles: z.array(staffRoleSchema).max(STAFF_ROLES.length),
  })
  .strict();

export const updateOperatorSchema = z
  .object({
    displayName: text(64).trim().min(1).optional(),
    roles: z.array(staffRoleSchema).max(STAFF_ROLES.length).optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .strict();

export const idParamSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const operatorsQuerySchema = z.object({
  ...adminPageQueryShape,
  search: text(64).trim().optional(),
});

// ── audit log ─────────────────────────────────────────────────────────────────

export const auditQuerySchema = z.object({
  ...adminPageQueryShape,
  /** Operator id (staff) or `system` for changes made by the platform itself. */
  operatorId: text(20).trim().optional(),
  /** Prefix of the action (`member.`, `POST /admin/api/operators`). */
  action: text(80).trim().optional(),
  /** Exact subject (`member:42`, `operator:3`). */
  subject: text(80).trim().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  time: serverText(),
  operatorId: serverText(),
  operatorName: serverText().nullable(),
  merchantCode: serverText(),
  action: serverText(),
  subject: serverText(),
  ip: serverText().nullable(),
  requestId: serverText().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ── member desks (backoffice) ─────────────────────────────────────────────────

export const memberSearchQuerySchema = z.object({
  ...adminPageQueryShape,
  /** Username (prefix), member id, mobile (digits) or e-mail. */
  q: text(100).trim().optional(),
  status: z.enum(['active', 'locked', 'disabled']).optional(),
});

export const memberRowSchema = z.object({
  id: z.number().int(),
  merchantCode: serverText(),
  username: serverText(),
  status: serverText(),
  type: z.number().int(),
  email: serverText().nullable(),
  mobile: serverText().nullable(),
  createdAt: serverText(),
  lastLoginAt: serverText().nullable(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const memberWalletSchema = z.object({
  /** `main`, or the vendor code of a transfer-mode wallet. */
  wallet: serverText(),
  name: serverText(),
  balanceMinor: z.number().int(),
});

export const memberDetailSchema = memberRowSchema.extend({
  nickname: serverText().nullable(),
  fullName: serverText().nullable(),
  currency: serverText(),
  wallets: z.array(memberWalletSchema),
  totalMinor: z.number().int(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberLedgerQuerySchema = z.object({
  page: adminPageQueryShape.page,
  pageSize: adminPageQueryShape.pageSize,
  type: z.optional(transactionTypeSchema),
});

/** Longest reason an adjustment or status change keeps (shown in the audit log). */
export const ADMIN_REASON_MAX_LENGTH = 200;

export const adjustmentRequestSchema = z
  .object({
    direction: z.enum(['credit', 'debit']),
    amount: amountSchema,
    reason: text(ADMIN_REASON_MAX_LENGTH).trim().min(3),
    /** One per adjustment form: a repeat (double click, retry) moves the money once. */
    idempotencyKey: text(64)
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();

export const adjustmentResultSchema = z.object({
  operationId: z.number().int(),
  replayed: z.boolean(),
  beforeMinor: z.number().int(),
  afterMinor: z.number().int(),
});

export const memberStatusRequestSchema = z
  .object({
    status: z.enum(['active', 'locked']),
    reason: text(ADMIN_REASON_MAX_LENGTH).trim().min(3),
  })
  .strict();

export const outboxQuerySchema = z.object({
  ...adminPageQueryShape,
  channel: z.enum(['sms', 'email']).optional(),
  /** Part of the destination (a phone number or an e-mail). */
  destination: text(100).trim().optional(),
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  time: serverText(),
  merchantCode: serverText(),
  channel: z.enum(['sms', 'email']),
  destination: serverText(),
  subject: serverText().nullable(),
  body: serverText(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const A = ADMIN_ENDPOINTS;

/** The console's routes with their schemas (the server registers each from here). */
export const ADMIN_ROUTES = {
  staff: {
    login: defineRoute(A.staff.login, {
      body: staffLoginRequestSchema,
      encrypted: true,
      response: staffLoginStepSchema,
    }),
    totp: defineRoute(A.staff.totp, { body: staffTotpRequestSchema, response: staffSessionSchema }),
    logout: defineRoute(A.staff.logout, { response: doneSchema }),
    me: defineRoute(A.staff.me, { response: operatorSchema }),
    operators: defineRoute(A.staff.operators, {
      query: operatorsQuerySchema,
      response: /* @__PURE__ */ adminPage(operatorSchema),
    }),
    createOperator: defineRoute(A.staff.createOperator, {
      body: createOperatorSchema,
      encrypted: true,
      response: operatorSchema,
    }),
    updateOperator: defineRoute(A.staff.updateOperator, {
      params: idParamSchema,
      body: updateOperatorSchema,
      response: operatorSchema,
    }),
    resetOperatorTotp: defineRoute(A.staff.resetOperatorTotp, {
      params: idParamSchema,
      response: operatorSchema,
    }),
    audit: defineRoute(A.staff.audit, {
      query: auditQuerySchema,
      response: /* @__PURE__ */ adminPage(auditEntrySchema),
    }),
  },
  backoffice: {
    members: defineRoute(A.backoffice.members, {
      query: memberSearchQuerySchema,
      response: /* @__PURE__ */ adminPage(memberRowSchema),
    }),
    member: defineRoute(A.backoffice.member, {
      params: idParamSchema,
      response: memberDetailSchema,
    }),
    memberLedger: defineRoute(A.backoffice.memberLedger, {
      params: idParamSchema,
      query: memberLedgerQuerySchema,
      response: transactionsPageSchema,
    }),
    adjust: defineRoute(A.backoffice.adjust, {
      params: idParamSchema,
      body: adjustmentRequestSchema,
      response: adjustmentResultSchema,
    }),
    memberStatus: defineRoute(A.backoffice.memberStatus, {
      params: idParamSchema,
      body: memberStatusRequestSchema,
      response: memberDetailSchema,
    }),
    outbox: defineRoute(A.backoffice.outbox, {
      query: outboxQuerySchema,
      response: /* @__PURE__ */ adminPage(outboxMessageSchema),
    }),
  },
} as const satisfies {
  [Area in keyof typeof ADMIN_ENDPOINTS]: Record<string, RouteDescriptor>;
};
