/**
 * The amount box's rules live in src/lib/amount.ts, shared by every page where people type
 * money (the wallet's transfers, the deposit page).
 */
export * from '@/lib/amount';
