import { z } from 'zod';
import { serverText, text } from './text';
import { amountSchema } from './wallet';

/**
 * Money in (docs/payments.md): the deposit page (member centre depositv2) and the operator's
 * deposits queue. Amounts in minor units (centavos) with the currency, except what people type
 * (`amount`, major units in the canonical format of money.ts).
 */

export const PAYMENT_METHODS = ['pix', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEPOSIT_STATUSES = ['pending', 'credited', 'failed', 'expired'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** Deposit records a page may hold. */
export const DEPOSIT_PAGE_SIZE_MAX = 50;
/** Largest receipt upload: 5 MB (the server checks the bytes, not the name). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** Where a manual bank transfer goes, as the brand configures it. */
export const bankInstructionsSchema = z.object({
  bank: serverText(),
  agency: serverText(),
  account: serverText(),
  holder: serverText(),
  document: serverText(),
  pixKey: serverText().nullable(),
});
export type BankInstructions = z.infer<typeof bankInstructionsSchema>;

export const depositChannelSchema = z.object({
  code: serverText(),
  method: z.enum(PAYMENT_METHODS),
  name: serverText(),
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
  /** Quick amounts the page offers, ascending. */
  presetsMinor: z.array(z.number().int()),
  /** How long a PIX charge can be paid, or a transfer's receipt sent. */
  expirySeconds: z.number().int(),
  bank: bankInstructionsSchema.nullable(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

/** `GET /wps/payments/channels`: the brand's enabled channels, in the configured order. */
export const depositChannelsSchema = z.object({
  currency: serverText(),
  channels: z.array(depositChannelSchema),
});

/** `POST /wps/payments/deposits`. */
export const createDepositRequestSchema = z
  .object({ channelCode: text(32), amount: amountSchema })
  .strict();

export const depositSchema = z.object({
  id: z.number().int(),
  channelCode: serverText(),
  method: z.enum(PAYMENT_METHODS),
  amountMinor: z.number().int(),
  currency: serverText(),
  status: z.enum(DEPOSIT_STATUSES),
  createdAt: serverText(),
  /** Until when the charge can be paid (PIX) or the receipt sent (bank transfer); null once sent. */
  expiresAt: serverText().nullable(),
  creditedAt: serverText().nullable(),
  /** Why it ended without money: `expired`, `failed`, `rejected`. */
  failureReason: serverText().nullable(),
  pix: z
    .object({
      txid: serverText(),
      /** The dynamic BR Code, to paste into a banking app or show as a QR code. */
      copiaECola: serverText(),
      /** The sandbox PSP's pay page for this charge (development only), else null. */
      payPageUrl: serverText().nullable(),
    })
    .nullable(),
  bankTransfer: z
    .object({ receiptUploaded: z.boolean(), bank: bankInstructionsSchema.nullable() })
    .nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositsQuerySchema = z.object({
  status: z.optional(z.enum(DEPOSIT_STATUSES)),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DEPOSIT_PAGE_SIZE_MAX).default(10),
});

export const depositPageSchema = z.object({
  list: z.array(depositSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export const depositIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
