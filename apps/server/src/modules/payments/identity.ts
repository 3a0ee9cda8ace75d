import type { ComplianceProfile, IdentityStatus, PixKey } from '@banca/contracts';
import { MAX_PIX_KEYS } from '@banca/contracts';
import { AppError } from '../../http/errors';
import { periodAt } from '../../lib/job-periods';
import { complianceProfileOf, type Brand } from '../system';
import type { MemberRef } from '../wallet';
import { maskCpf, maskPixKey, normaliseCpf, normalisePixKey } from './pix-keys';
import type { PixKeyType } from './tables';
import {
  isUniqueViolation,
  type IdentityRow,
  type PixKeyRow,
  type WithdrawalsRepository,
} from './withdrawals-repository';

/** Bettors must be 18 or older (Lei 14.790/2023, facts.md §4), whatever the brand's profile. */
export const MINIMUM_AGE = 18;
/** Nobody recorded is older than this: a birth year before it is a typing mistake. */
const MAXIMUM_AGE = 120;
/** A full name: at least two words of letters (accents, apostrophes and hyphens allowed). */
const FULL_NAME = /^[\p{L}'’-]+(?: [\p{L}'’-]+)+$/u;

/** Whole years between a yyyy-MM-dd birth date and a yyyy-MM-dd day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The member's identity (CPF, full name, birth date, 18+) and what a brand's compliance profile
 * asks of money because of it (DESIGN.md §7, facts.md §4): under `br-regulated` deposits only
 * from, and payouts only to, the member's own CPF. docs/payments.md "Identity and the
 * compliance profile".
 */
export function createIdentityService(deps: {
  repo: WithdrawalsRepository;
  /** The brand of a merchant code (jobs and the deposit path act outside a request). */
  brandByCode: (merchantCode: string) => Promise<Brand | null>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  function view(row: IdentityRow) {
    return {
      cpfMasked: maskCpf(row.cpf),
      fullName: row.full_name,
      birthDate: row.birth_date,
      verifiedAt: row.verified_at.toISOString(),
    };
  }

  async function status(member: MemberRef, brand: Brand): Promise<IdentityStatus> {
    const row = await repo.identity(member.memberId);
    return {
      complianceProfile: complianceProfileOf(brand.settings),
      minimumAge: MINIMUM_AGE,
      identity: row ? view(row) : null,
    };
  }

  /**
   * Records the member's CPF, full name and birth date, once (facts.md §1 "CPF check"): the
   * whole form is checked before anything is written; a CPF another member of the brand holds
   * is refused (one person, one account).
   */
  async function record(
    member: MemberRef,
    brand: Brand,
    input: { cpf: string; fullName: string; birthDate: string },
  ): Promise<IdentityStatus> {
    const cpf = normaliseCpf(input.cpf);
    if (!cpf) throw new AppError('cpf_invalid');
    const fullName = input.fullName.trim().replace(/\s+/g, ' ');
    if (fullName.length < 3 || fullName.length > 100 || !FULL_NAME.test(fullName))
      throw new AppError('identity_name_invalid');
    const today = periodAt('day', brand.timeZone, now()).label;
    if (!isCalendarDay(input.birthDate) || input.birthDate > today)
      throw new AppError('identity_birth_date_invalid');
    const age = ageOn(input.birthDate, today);
    if (age > MAXIMUM_AGE) throw new AppError('identity_birth_date_invalid');
    if (age < MINIMUM_AGE)
      throw new AppError('identity_underage', { params: { age: MINIMUM_AGE } });
    if (await repo.identity(member.memberId)) throw new AppError('identity_already_verified');
    let inserted;
    try {
      inserted = await repo.insertIdentity({
        member_id: member.memberId,
        merchant_code: member.merchantCode,
        cpf,
        full_name: fullName,
        birth_date: input.birthDate,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('cpf_in_use');
      throw error;
    }
    if (!inserted) throw new AppError('identity_already_verified');
    return status(member, brand);
  }

  async function profileOf(merchantCode: string): Promise<ComplianceProfile> {
    const brand = await deps.brandByCode(merchantCode);
    return brand ? complianceProfileOf(brand.settings) : 'open';
  }

  /**
   * For the deposit path: under `br-regulated` a member may start a deposit only with a
   * verified CPF (the payer is matched against it when the money arrives).
   */
  async function assertMayDeposit(merchantCode: string, memberId: number): Promise<void> {
    if ((await profileOf(merchantCode)) !== 'br-regulated') return;
    if (!(await repo.identity(memberId))) throw new AppError('identity_not_verified');
  }

  /**
   * For the deposit credit path: whether a payment whose payer the PSP reports as `payerCpf`
   * may be credited to this member. Under `open`, always; under `br-regulated`, only when the
   * payer's CPF is the member's own (Portaria SPA/MF 615/2024). A refused payment stays with
   * the platform for an operator to return to its payer.
   */
  async function payerAllowed(
    merchantCode: string,
    memberId: number,
    payerCpf: string | null,
  ): Promise<boolean> {
    if ((await profileOf(merchantCode)) !== 'br-regulated') return true;
    const identity = await repo.identity(memberId);
    const payer = payerCpf ? normaliseCpf(payerCpf) : null;
    return identity !== undefined && payer !== null && payer === identity.cpf;
  }

  // ── PIX keys ──────────────────────────────────────────────────────────────

  function keyView(row: PixKeyRow): PixKey {
    return {
      id: row.id,
      type: row.key_type,
      keyMasked: maskPixKey(row.key_type, row.key_value),
      createdAt: row.created_at.toISOString(),
    };
  }

  async function pixKeys(member: MemberRef): Promise<PixKey[]> {
    return (await repo.pixKeys(member.memberId)).map(keyView);
  }

  /**
   * Under `br-regulated` a payout may go only to the member's own CPF: a CPF key equal to the
   * verified CPF. E-mail, phone and random keys cannot be tied to a CPF without the DICT, so
   * they are refused there.
   */
  async function assertOwnKey(
    brand: Brand,
    memberId: number,
    key: { type: PixKeyType; value: string },
  ): Promise<void> {
    if (complianceProfileOf(brand.settings) !== 'br-regulated') return;
    const identity = await repo.identity(memberId);
    if (!identity) throw new AppError('identity_not_verified');
    if (key.type !== 'cpf' || key.value !== identity.cpf) throw new AppError('pix_key_not_own_cpf');
  }

  async function addPixKey(
    member: MemberRef,
    brand: Brand,
    input: { type: PixKeyType; key: string },
  ): Promise<PixKey> {
    const value = normalisePixKey(input.type, input.key);
    if (!value) throw new AppError('pix_key_invalid', { params: { type: input.type } });
    await assertOwnKey(brand, member.memberId, { type: input.type, value });
    let row;
    try {
      row = await repo.insertPixKey(
        {
          merchant_code: member.merchantCode,
          member_id: member.memberId,
          key_type: input.type,
          key_value: value,
        },
        MAX_PIX_KEYS,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('pix_key_exists');
      throw error;
    }
    if (row === 'limit') throw new AppError('pix_key_limit', { params: { max: MAX_PIX_KEYS } });
    return keyView(row);
  }

  async function removePixKey(member: MemberRef, id: number): Promise<void> {
    if (!(await repo.deletePixKey(member.memberId, id))) throw new AppError('pix_key_not_found');
  }

  return {
    status,
    record,
    identityOf: (memberId: number) => repo.identity(memberId),
    view,
    profileOf,
    assertMayDeposit,
    payerAllowed,
    pixKeys,
    addPixKey,
    removePixKey,
    assertOwnKey,
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
