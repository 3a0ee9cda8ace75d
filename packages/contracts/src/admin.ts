import { z } from 'zod';
import { ADMIN_ENDPOINTS } from './admin-endpoints';
import { AUTH_LIMITS } from './auth';
import {
  DEPOSIT_STATUSES,
  depositIdParamsSchema,
  depositSchema,
  PAYMENT_METHODS,
} from './payments';
import { doneSchema } from './envelope';
import { defineRoute, type RouteDescriptor } from './define-route';
import { serverText, text } from './text';
import { amountSchema, transactionTypeSchema, transactionsPageSchema } from './wallet';
import {
  WITHDRAWAL_RECORD_STATUSES,
  withdrawalIdParamsSchema,
  withdrawalSchema,
} from './withdrawals';

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

// ── the operator's deposits queue (/admin/api/payments/deposits, docs/payments.md) ──

/** Columns the deposits queue may be sorted by. */
export const ADMIN_DEPOSIT_SORTS = ['createdAt', 'amountMinor'] as const;

export const adminDepositsQuerySchema = z.object({
  ...adminPageQueryShape,
  method: z.optional(z.enum(PAYMENT_METHODS)),
  status: z.optional(z.enum(DEPOSIT_STATUSES)),
  merchantCode: text(32).optional(),
  /** A member id, exact. */
  memberId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const adminDepositSchema = depositSchema.extend({
  merchantCode: serverText(),
  memberId: z.number().int(),
  provider: serverText(),
  /** The payer the provider reported, CPF masked but for the last digits (`***.***.*47-25`). */
  payerCpfMasked: serverText().nullable(),
  payerName: serverText().nullable(),
  endToEndId: serverText().nullable(),
  reviewedBy: serverText().nullable(),
  reviewNote: serverText().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositPageSchema = /* @__PURE__ */ adminPage(adminDepositSchema);

export const rejectDepositRequestSchema = z.object({ reason: text(200).trim().min(1) }).strict();

// ── the operator's withdrawals queue (/admin/api/payments/withdrawals) ─────────

export const adminWithdrawalsQuerySchema = z.object({
  ...adminPageQueryShape,
  status: z.optional(z.enum(WITHDRAWAL_RECORD_STATUSES)),
  merchantCode: text(32).optional(),
  memberId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const adminWithdrawalSchema = withdrawalSchema.extend({
  merchantCode: serverText(),
  memberId: z.number().int(),
  /** The key the payout goes to, in full (the cashier checks it). */
  pixKey: serverText(),
  /** The member's CPF, masked, when recorded. */
  holderCpfMasked: serverText().nullable(),
  holderName: serverText().nullable(),
  reviewedBy: serverText().nullable(),
  reviewedAt: serverText().nullable(),
  payoutAttempts: z.number().int(),
  payoutError: serverText().nullable(),
  /** The payouts job stopped trying (approved, attempts exhausted): retry or close as failed. */
  payoutGaveUp: z.boolean(),
  /** Who settled the dispute or closed the payout (`staff:<id>`). */
  resolvedBy: serverText().nullable(),
  endToEndId: serverText().nullable(),
  proofs: z.array(
    z.object({ id: z.number().int(), contentType: serverText(), sizeBytes: z.number().int() }),
  ),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalPageSchema = /* @__PURE__ */ adminPage(adminWithdrawalSchema);

export const rejectWithdrawalRequestSchema = z.object({ reason: text(200).trim().min(1) }).strict();

/**
 * Settling a disputed payout (docs/payments.md "Disputes"), or closing a payout the job gave up
 * on: the cashier's reason, which the member reads. Refunding credits the missing amount (the
 * whole amount for "not received", the rest for "partly received"), never another figure.
 */
export const cashierReasonRequestSchema = z.object({ reason: text(200).trim().min(3) }).strict();

// ── the cashier's settings desk (/admin/api/payments/settings) ─────────────────

/** Quick amounts one deposit channel may offer. */
export const MAX_CHANNEL_PRESETS = 8;

export const adminDepositChannelSchema = z.object({
  code: serverText(),
  method: z.enum(PAYMENT_METHODS),
  provider: serverText(),
  name: serverText(),
  enabled: z.boolean(),
  /** Whether its provider is configured on this server (a channel without one is not offered). */
  available: z.boolean(),
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
  presetsMinor: z.array(z.number().int()),
  sortOrder: z.number().int(),
});
export type AdminDepositChannel = z.infer<typeof adminDepositChannelSchema>;

export const withdrawalSettingsSchema = z.object({
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
  dailyCountMax: z.number().int(),
  dailyAmountMaxMinor: z.number().int(),
  /** Valid bets required since the last payout, as a percentage of the deposits since. */
  turnoverPct: z.number().int(),
  minDepositTotalMinor: z.number().int(),
  identityRequired: z.boolean(),
  confirmMinutes: z.number().int(),
});
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;

/** `GET /admin/api/payments/settings`: each brand's deposit channels and withdrawal limits. */
export const cashierSettingsSchema = z.object({
  brands: z.array(
    z.object({
      merchantCode: serverText(),
      name: serverText(),
      currency: serverText(),
      channels: z.array(adminDepositChannelSchema),
      withdrawals: withdrawalSettingsSchema,
    }),
  ),
});
export type CashierSettings = z.infer<typeof cashierSettingsSchema>;

export const cashierChannelParamsSchema = z.object({
  merchantCode: text(32),
  code: text(32),
});
export const cashierBrandParamsSchema = z.object({ merchantCode: text(32) });

/**
 * `PUT …/channels/:code`: the whole editable part of a channel. Amounts in major units as people
 * type them (the canonical format of money.ts: a sub-centavo amount is `validation_failed`);
 * min ≤ max and presets within them are the server's `cashier_limits_invalid`.
 */
export const updateDepositChannelSchema = z
  .object({
    name: text(40).trim().min(1),
    enabled: z.boolean(),
    min: amountSchema,
    max: amountSchema,
    presets: z.array(amountSchema).max(MAX_CHANNEL_PRESETS),
    sortOrder: z.number().int().min(0).max(1000),
  })
  .strict();
export type UpdateDepositChannel = z.infer<typeof updateDepositChannelSchema>;

/**
 * `PUT …/withdrawals`: the brand's withdrawal rules, whole; amounts in major units like the
 * channel's (`minDepositTotal` may be 0: no deposit needed before a first withdrawal).
 */
export const updateWithdrawalSettingsSchema = z
  .object({
    min: amountSchema,
    max: amountSchema,
    dailyCountMax: z.number().int().min(1).max(100),
    dailyAmountMax: amountSchema,
    turnoverPct: z.number().int().min(0).max(10_000),
    minDepositTotal: amountSchema,
    identityRequired: z.boolean(),
    confirmMinutes: z.number().int().min(1).max(10_080),
  })
  .strict();
export type UpdateWithdrawalSettings = z.infer<typeof updateWithdrawalSettingsSchema>;

export const withdrawalProofParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  proofId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

// ── the Vendors desk (/admin/api/vendors: the vendors module, docs/pam.md) ────────

/** Brand and vendor codes as the tables keep them. */
const vendorCodeSchema = text(32)
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/);

/** Longest launch URL template and transfer API address the desk accepts. */
export const VENDOR_URL_MAX_LENGTH = 500;
/** Placeholders a launch URL template may hold; `{token}` is required (modules/vendors/launch.ts). */
export const LAUNCH_PLACEHOLDERS = [
  'token',
  'game',
  'vendor',
  'lang',
  'currency',
  'lobby',
] as const;

export const WALLET_MODES = ['seamless', 'transfer'] as const;
export const VENDOR_TRANSFER_STATUSES = ['pending', 'failed', 'succeeded'] as const;

// ── integrations ──────────────────────────────────────────────────────────────

export const vendorIntegrationsQuerySchema = z.object({
  ...adminPageQueryShape,
  merchantCode: vendorCodeSchema.optional(),
  /** Vendor code, exact (case-insensitive). */
  vendorCode: vendorCodeSchema.optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

export const vendorIntegrationSchema = z.object({
  merchantCode: serverText(),
  vendorCode: serverText(),
  walletMode: z.enum(WALLET_MODES),
  launchUrlTemplate: serverText(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  /** Transfer-wallet vendors: the vendor's transfer API; null keeps Banca's bookkeeping only. */
  transferApiUrl: serverText().nullable(),
  updatedAt: serverText(),
});
export type VendorIntegrationRow = z.infer<typeof vendorIntegrationSchema>;

export const vendorIntegrationParamsSchema = z.object({
  merchantCode: vendorCodeSchema,
  vendorCode: vendorCodeSchema,
});

/** What the owner changes; absent fields stay as they are. */
export const updateVendorIntegrationSchema = z
  .object({
    walletMode: z.enum(WALLET_MODES).optional(),
    launchUrlTemplate: text(VENDOR_URL_MAX_LENGTH).trim().optional(),
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    /** Empty or null removes it. */
    transferApiUrl: text(VENDOR_URL_MAX_LENGTH).trim().nullable().optional(),
  })
  .strict();
export type UpdateVendorIntegration = z.infer<typeof updateVendorIntegrationSchema>;

/**
 * A vendor of the catalogue (the games module's `vendors`) a brand has not integrated yet.
 * `walletMode` is the catalogue's; `transferWallet` says whether transfer mode is possible
 * (the catalogue gives the vendor a wallet of its own).
 */
export const catalogueVendorSchema = z.object({
  code: serverText(),
  name: serverText(),
  gameCategory: serverText(),
  walletMode: z.enum(WALLET_MODES),
  transferWallet: z.boolean(),
});
export type CatalogueVendor = z.infer<typeof catalogueVendorSchema>;

/** Every brand with the catalogue vendors it can still add (few brands, a catalogue of tens). */
export const vendorCatalogueSchema = z.object({
  brands: z.array(
    z.object({
      merchantCode: serverText(),
      name: serverText(),
      vendors: z.array(catalogueVendorSchema),
    }),
  ),
});
export type VendorCatalogue = z.infer<typeof vendorCatalogueSchema>;

/** A new integration of a catalogue vendor for a brand that has none with it. */
export const createVendorIntegrationSchema = z
  .object({
    merchantCode: vendorCodeSchema,
    vendorCode: vendorCodeSchema,
    walletMode: z.enum(WALLET_MODES),
    launchUrlTemplate: text(VENDOR_URL_MAX_LENGTH).trim(),
    /** Transfer mode: the vendor's transfer API; empty, null or absent keeps Banca's bookkeeping only. */
    transferApiUrl: text(VENDOR_URL_MAX_LENGTH).trim().nullable().optional(),
    enabled: z.boolean(),
    maintenance: z.boolean(),
  })
  .strict();
export type CreateVendorIntegration = z.infer<typeof createVendorIntegrationSchema>;

// ── API keys ──────────────────────────────────────────────────────────────────

export const providerKeysQuerySchema = z.object({
  ...adminPageQueryShape,
  merchantCode: vendorCodeSchema.optional(),
  vendorCode: vendorCodeSchema.optional(),
  status: z.enum(['active', 'revoked']).optional(),
});

/** A key as the desk shows it: never the key itself (only its SHA-256 is kept). */
export const providerKeySchema = z.object({
  id: z.number().int(),
  merchantCode: serverText(),
  /** null: an aggregator (a Valkyrie instance) acting for every vendor of the brand. */
  vendorCode: serverText().nullable(),
  label: serverText(),
  createdAt: serverText(),
  revokedAt: serverText().nullable(),
});
export type ProviderKeyRow = z.infer<typeof providerKeySchema>;

export const createProviderKeySchema = z
  .object({
    merchantCode: vendorCodeSchema,
    /** null or absent: a key for an aggregator (every vendor of the brand). */
    vendorCode: vendorCodeSchema.nullable().optional(),
    label: text(80).trim().min(3),
  })
  .strict();

/** The new key, shown once: the server keeps only its SHA-256. */
export const createdProviderKeySchema = z.object({
  key: providerKeySchema,
  apiKey: serverText(),
});
export type CreatedProviderKey = z.infer<typeof createdProviderKeySchema>;

const vendorRowIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

// ── transfers ─────────────────────────────────────────────────────────────────

export const vendorTransfersQuerySchema = z.object({
  ...adminPageQueryShape,
  status: z.enum(VENDOR_TRANSFER_STATUSES).optional(),
  merchantCode: vendorCodeSchema.optional(),
  vendorCode: vendorCodeSchema.optional(),
  memberId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const vendorTransferSchema = z.object({
  id: z.number().int(),
  /** Banca's id of the transfer, as the vendor knows it. */
  transferId: serverText(),
  merchantCode: serverText(),
  memberId: z.number().int(),
  vendorCode: serverText(),
  currency: serverText(),
  direction: z.enum(['in', 'out']),
  amountMinor: z.number().int(),
  status: z.enum(VENDOR_TRANSFER_STATUSES),
  failureCode: serverText().nullable(),
  vendorRef: serverText().nullable(),
  attempts: z.number().int(),
  createdAt: serverText(),
  updatedAt: serverText(),
  settledAt: serverText().nullable(),
});
export type VendorTransferRow = z.infer<typeof vendorTransferSchema>;

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
  /** The cashier's withdrawals queue: the payments module (docs/payments.md). */
  deposits: {
    queue: defineRoute(A.deposits.queue, {
      query: adminDepositsQuerySchema,
      response: adminDepositPageSchema,
    }),
    /** The image itself, not an envelope. */
    receipt: defineRoute(A.deposits.receipt, { params: depositIdParamsSchema }),
    approve: defineRoute(A.deposits.approve, {
      params: depositIdParamsSchema,
      response: adminDepositSchema,
    }),
    reject: defineRoute(A.deposits.reject, {
      params: depositIdParamsSchema,
      body: rejectDepositRequestSchema,
      response: adminDepositSchema,
    }),
  },
  withdrawals: {
    queue: defineRoute(A.withdrawals.queue, {
      query: adminWithdrawalsQuerySchema,
      response: adminWithdrawalPageSchema,
    }),
    one: defineRoute(A.withdrawals.one, {
      params: withdrawalIdParamsSchema,
      response: adminWithdrawalSchema,
    }),
    approve: defineRoute(A.withdrawals.approve, {
      params: withdrawalIdParamsSchema,
      response: adminWithdrawalSchema,
    }),
    reject: defineRoute(A.withdrawals.reject, {
      params: withdrawalIdParamsSchema,
      body: rejectWithdrawalRequestSchema,
      response: adminWithdrawalSchema,
    }),
    /** An image, not an envelope. */
    proof: defineRoute(A.withdrawals.proof, { params: withdrawalProofParamsSchema }),
    refundDispute: defineRoute(A.withdrawals.refundDispute, {
      params: withdrawalIdParamsSchema,
      body: cashierReasonRequestSchema,
      response: adminWithdrawalSchema,
    }),
    closeDispute: defineRoute(A.withdrawals.closeDispute, {
      params: withdrawalIdParamsSchema,
      body: cashierReasonRequestSchema,
      response: adminWithdrawalSchema,
    }),
    retryPayout: defineRoute(A.withdrawals.retryPayout, {
      params: withdrawalIdParamsSchema,
      response: adminWithdrawalSchema,
    }),
    failPayout: defineRoute(A.withdrawals.failPayout, {
      params: withdrawalIdParamsSchema,
      body: cashierReasonRequestSchema,
      response: adminWithdrawalSchema,
    }),
  },
  /** The cashier's settings desk: deposit channels and withdrawal limits (the payments module). */
  cashierSettings: {
    read: defineRoute(A.cashierSettings.read, { response: cashierSettingsSchema }),
    updateChannel: defineRoute(A.cashierSettings.updateChannel, {
      params: cashierChannelParamsSchema,
      body: updateDepositChannelSchema,
      response: adminDepositChannelSchema,
    }),
    updateWithdrawals: defineRoute(A.cashierSettings.updateWithdrawals, {
      params: cashierBrandParamsSchema,
      body: updateWithdrawalSettingsSchema,
      response: withdrawalSettingsSchema,
    }),
  },
  /** The Vendors desk: integrations, /pam API keys, transfers (the vendors module, docs/pam.md). */
  vendors: {
    integrations: defineRoute(A.vendors.integrations, {
      query: vendorIntegrationsQuerySchema,
      response: /* @__PURE__ */ adminPage(vendorIntegrationSchema),
    }),
    catalogue: defineRoute(A.vendors.catalogue, { response: vendorCatalogueSchema }),
    createIntegration: defineRoute(A.vendors.createIntegration, {
      body: createVendorIntegrationSchema,
      response: vendorIntegrationSchema,
    }),
    updateIntegration: defineRoute(A.vendors.updateIntegration, {
      params: vendorIntegrationParamsSchema,
      body: updateVendorIntegrationSchema,
      response: vendorIntegrationSchema,
    }),
    keys: defineRoute(A.vendors.keys, {
      query: providerKeysQuerySchema,
      response: /* @__PURE__ */ adminPage(providerKeySchema),
    }),
    createKey: defineRoute(A.vendors.createKey, {
      body: createProviderKeySchema,
      response: createdProviderKeySchema,
    }),
    revokeKey: defineRoute(A.vendors.revokeKey, {
      params: vendorRowIdParamsSchema,
      response: providerKeySchema,
    }),
    transfers: defineRoute(A.vendors.transfers, {
      query: vendorTransfersQuerySchema,
      response: /* @__PURE__ */ adminPage(vendorTransferSchema),
    }),
    reconcileTransfer: defineRoute(A.vendors.reconcileTransfer, {
      params: vendorRowIdParamsSchema,
      response: vendorTransferSchema,
    }),
  },
} as const satisfies {
  [Area in keyof typeof ADMIN_ENDPOINTS]: Record<string, RouteDescriptor>;
};
