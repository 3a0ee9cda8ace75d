import { z } from 'zod';
import { CANONICAL_AMOUNT_PATTERN, canonicalAmountText } from './money';
import { serverText, text } from './text';

/** accountTypeId of the main wallet in GCS_walletTransfer; vendor wallets have their own ids. */
export const MAIN_WALLET_TYPE_ID = 0;

export const walletBalanceSchema = z.object({
  accountTypeId: z.number().int(),
  /** Vendor code for a vendor wallet, null for the main wallet. */
  vendorCode: serverText().nullable(),
  name: serverText(),
  balanceMinor: z.number().int(),
  /** The same in major units, as the original client reads it. */
  balance: z.number(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** `GET /wps/v2/wallets/balance`. */
export const balancesSchema = z.object({
  currency: serverText(),
  currencySymbol: serverText(),
  isSingle: z.boolean(),
  main: walletBalanceSchema,
  vendors: z.array(walletBalanceSchema),
  totalMinor: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;

/**
 * An amount in major units as people send it: canonical decimal text ("12.50", see
 * CANONICAL_AMOUNT_PATTERN in money.ts) or a JSON number whose shortest decimal form is
 * canonical (12.5; not -1, 1e21 or 0.1 + 0.2). Any other shape fails validation with the
 * format `amount` (validation_failed); a well-formed zero, or an amount above the ledger's
 * limit, is the service's `invalid_amount`.
 */
export const amountSchema = z
  // 32 characters bound the text before the pattern reads it (a canonical amount has ≤ 12).
  .union([z.number(), text(32)])
  .superRefine((value, ctx) => {
    if (canonicalAmountText(value) === null) {
      ctx.addIssue({
        code: 'invalid_format',
        format: 'amount',
        pattern: CANONICAL_AMOUNT_PATTERN.source,
      });
    }
  })
  .meta({
    description:
      'Reais: digits, optionally a point and 1–2 decimals ("12.50"), or a JSON number with the same digits (12.5); no sign, spaces, exponent or leading zeros',
    examples: ['12.50', 12.5],
  });

/** `POST /wps/relay/GCS_walletTransfer`; amount in major units (two decimals at most). */
export const walletTransferRequestSchema = z
  .object({
    fromAccountTypeId: z.number().int().min(0).max(1_000_000),
    toAccountTypeId: z.number().int().min(0).max(1_000_000),
    amount: amountSchema,
  })
  .strict();
/** The amount moved and the two wallets' balances after it (minor units), straight from the ledger. */
export const walletTransferResponseSchema = z.object({
  successAmount: z.number(),
  from: z.object({ accountTypeId: z.number().int(), balanceMinor: z.number().int() }),
  to: z.object({ accountTypeId: z.number().int(), balanceMinor: z.number().int() }),
});

/** `POST /wps/relay/GCS_collectAll`: every vendor wallet back to the main wallet. */
export const collectAllResponseSchema = z.object({
  collectedAmount: z.number(),
  balances: balancesSchema,
});

/** Kinds of ledger movement a member sees in the account record. */
export const TRANSACTION_TYPES = [
  'transfer',
  'bet',
  'win',
  'rollback',
  'deposit',
  'withdrawal',
  'adjustment',
  'bonus',
  'demo_credit',
] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

/** Longest period one query of the account record may span. */
export const MAX_RECORD_RANGE_DAYS = 90;
export const RECORD_PAGE_SIZE_MAX = 100;

export const transactionsQuerySchema = z.object({
  // z.optional(…), not ….optional(): only calls rooted at `z` are pure to the web build's
  // tree-shaking (apps/web/vite.config.ts), and this one would keep zod in every web chunk
  // that imports a constant from this module.
  type: z.optional(transactionTypeSchema),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RECORD_PAGE_SIZE_MAX).default(20),
});

export const transactionSchema = z.object({
  id: z.number().int(),
  time: serverText(),
  type: serverText(),
  wallet: serverText(),
  /** Signed: positive credits the wallet, negative debits it. */
  amountMinor: z.number().int(),
  balanceAfterMinor: z.number().int(),
  reference: serverText(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsPageSchema = z.object({
  list: z.array(transactionSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

/**
 * `GET /wps/member/info/funds/consolidated` (agent policy on, not trial): balances plus the
 * pending contract requests an upline offered (docs/product.md §3 "Consolidated contract info").
 */
export const consolidatedFundsSchema = z.object({
  balances: balancesSchema,
  dailysalreqtype: serverText().nullable(),
  divtypereq: serverText().nullable(),
  contracthoursalreqh: serverText().nullable(),
  realtimesalreqtype: serverText().nullable(),
});
