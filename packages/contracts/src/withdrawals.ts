import { z } from 'zod';
import { serverText, text } from './text';
import { amountSchema } from './wallet';

/**
 * Money out (docs/payments.md "Withdrawals"): the member's identity (CPF), PIX keys, the withdraw
 * page (member centre `withdraw`), withdrawal records and the payout confirmation, and the
 * operator's withdrawals queue. Amounts in minor units with the currency, except what people
 * type (`amount`, major units in the canonical format of money.ts).
 */

/**
 * A brand's compliance profile (DESIGN.md §7): `open` is the spec as written; `br-regulated`
 * adds Brazil's rules (facts.md §4): CPF required, 18+, PIX only to and from the member's own CPF.
 */
export const COMPLIANCE_PROFILES = ['open', 'br-regulated'] as const;
export type ComplianceProfile = (typeof COMPLIANCE_PROFILES)[number];

/** PIX key types (facts.md §4): CPF, e-mail, phone (+55…), random key (EVP, a UUID). */
export const PIX_KEY_TYPES = ['cpf', 'email', 'phone', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
/** PIX keys one member may keep: enough for a CPF, a phone, an e-mail and a spare. */
export const MAX_PIX_KEYS = 5;

/**
 * A withdrawal as the member sees it: `pending` (funds locked, waiting for the cashier),
 * `approved` (payout under way), `paid` (paid; waiting for the member's confirmation),
 * `confirmed` (received, or deemed received after the deadline), `disputed` (partly or not
 * received: the cashier looks), `refunded` (the dispute ended with the missing amount back in
 * the balance), `dispute_closed` (the dispute ended without a refund, with the cashier's
 * reason), `rejected` (by the cashier; funds returned), `failed` (the payout failed; funds
 * returned).
 */
export const WITHDRAWAL_RECORD_STATUSES = [
  'pending',
  'approved',
  'paid',
  'confirmed',
  'disputed',
  'refunded',
  'dispute_closed',
  'rejected',
  'failed',
] as const;
export type WithdrawalRecordStatus = (typeof WITHDRAWAL_RECORD_STATUSES)[number];

/** The member's answer to "did the payout arrive?" (`deemed_received`: nobody answered in time). */
export const CONFIRMATION_ANSWERS = [
  'received',
  'partial',
  'not_received',
  'deemed_received',
] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];

/** Proof images per withdrawal, and their size (product.md §9: png or jpg, 5 MB each, max 3). */
export const MAX_PROOFS = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** Withdrawal records a page may hold. */
export const WITHDRAWAL_PAGE_SIZE_MAX = 50;

// ── identity (CPF) ───────────────────────────────────────────────────────────

/** The member's verified identity, CPF masked but for the last digits (`***.***.*47-25`). */
export const identitySchema = z.object({
  cpfMasked: serverText(),
  fullName: serverText(),
  /** yyyy-MM-dd. */
  birthDate: serverText(),
  verifiedAt: serverText(),
});
export type Identity = z.infer<typeof identitySchema>;

/** `GET /wps/payments/identity`. */
export const identityStatusSchema = z.object({
  complianceProfile: z.enum(COMPLIANCE_PROFILES),
  /** Minimum age of a member who records an identity. */
  minimumAge: z.number().int(),
  identity: identitySchema.nullable(),
});
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

/** `PUT /wps/payments/identity` (encrypted): facts.md §1's CPF check (cpfNumber, fullName, birthday). */
export const setIdentityRequestSchema = z
  .object({
    /** 11 digits, dots and dash allowed (`529.982.247-25`). */
    cpf: text(14).trim(),
    fullName: text(100).trim(),
    /** yyyy-MM-dd. */
    birthDate: text(10).trim(),
  })
  .strict();

// ── PIX keys ─────────────────────────────────────────────────────────────────

export const pixKeySchema = z.object({
  id: z.number().int(),
  type: z.enum(PIX_KEY_TYPES),
  /** The key as stored (normalised); a CPF key masked like the identity. */
  keyMasked: serverText(),
  createdAt: serverText(),
});
export type PixKey = z.infer<typeof pixKeySchema>;

/** `POST /wps/payments/pix-keys`: the server validates and normalises by type. */
export const createPixKeyRequestSchema = z
  .object({ type: z.enum(PIX_KEY_TYPES), key: text(100).trim() })
  .strict();

export const pixKeyIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

// ── the withdraw page ────────────────────────────────────────────────────────

/** `GET /wps/payments/withdraw`: everything the page needs to say what is possible and why not. */
export const withdrawOverviewSchema = z.object({
  complianceProfile: z.enum(COMPLIANCE_PROFILES),
  currency: serverText(),
  /** The main wallet's balance: what may be withdrawn. */
  balanceMinor: z.number().int(),
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
  dailyCountMax: z.number().int(),
  todayCount: z.number().int(),
  dailyAmountMaxMinor: z.number().int(),
  todayAmountMinor: z.number().int(),
  paymentPasswordSet: z.boolean(),
  identityRequired: z.boolean(),
  identity: identitySchema.nullable(),
  /** Valid bets still needed since the last withdrawal (turnover requirement), and done. */
  turnover: z.object({ requiredMinor: z.number().int(), doneMinor: z.number().int() }),
  /** Deposits needed before a first withdrawal (0: none), and deposited so far. */
  deposits: z.object({ requiredMinor: z.number().int(), doneMinor: z.number().int() }),
  pixKeys: z.array(pixKeySchema),
  /** Minutes a member has to confirm a payout before it is deemed received. */
  confirmMinutes: z.number().int(),
});
export type WithdrawOverview = z.infer<typeof withdrawOverviewSchema>;

/** `POST /wps/payments/withdrawals` (encrypted): amount in major units, the key, the payment password. */
export const createWithdrawalRequestSchema = z
  .object({
    amount: amountSchema,
    pixKeyId: z.number().int().positive().max(2_147_483_647),
    paymentPassword: text(64),
  })
  .strict();

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amountMinor: z.number().int(),
  currency: serverText(),
  status: z.enum(WITHDRAWAL_RECORD_STATUSES),
  pixKeyType: z.enum(PIX_KEY_TYPES),
  pixKeyMasked: serverText(),
  createdAt: serverText(),
  /** The cashier's reason for a rejection, or `payout_failed`. */
  rejectReason: serverText().nullable(),
  paidAt: serverText().nullable(),
  /** Until when the member may answer the confirmation (status `paid`). */
  confirmBy: serverText().nullable(),
  confirmation: z.enum(CONFIRMATION_ANSWERS).nullable(),
  receivedMinor: z.number().int().nullable(),
  remainingMinor: z.number().int().nullable(),
  proofCount: z.number().int(),
  /** How the cashier settled a dispute: the amount refunded (`refunded`), and when. */
  refundMinor: z.number().int().nullable(),
  /** The cashier's reason for refunding or closing the dispute. */
  resolutionNote: serverText().nullable(),
  resolvedAt: serverText().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalsQuerySchema = z.object({
  status: z.optional(z.enum(WITHDRAWAL_RECORD_STATUSES)),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(WITHDRAWAL_PAGE_SIZE_MAX).default(10),
});

export const withdrawalPageSchema = z.object({
  list: z.array(withdrawalSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

/** The payouts waiting for the member's answer (facts.md §1: "list pending confirmations"). */
export const pendingConfirmationsSchema = z.object({ list: z.array(withdrawalSchema) });

export const withdrawalIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * `POST /wps/payments/withdrawals/:id/confirmation`: received in full; partly received with the
 * amount that arrived (the rest is the remaining amount); not received (proof images first, through
 * the proofs upload).
 */
export const confirmWithdrawalRequestSchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('received') }).strict(),
  z.object({ answer: z.literal('partial'), receivedAmount: amountSchema }).strict(),
  z.object({ answer: z.literal('not_received') }).strict(),
]);
export type ConfirmWithdrawalRequest = z.infer<typeof confirmWithdrawalRequestSchema>;
