import type {
  AdminPromotion,
  PromotionCard,
  PromotionList,
  PromotionRules,
  PromotionStatus,
} from '@banca/contracts';
import { APPLICATION_MAX_PROOFS, PROMOTION_IMAGE_MAX_BYTES } from '@banca/contracts';
import type { promotionRulesSchema } from '@banca/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { publish } from '../../lib/events';
import { answeringStorage, sniffImage, type FileStorage } from '../../lib/file-storage';
import type { PaymentsService } from '../payments';
import { complianceProfileOf, type Brand, type SystemService } from '../system';
import type { MemberRef, SettledBetRound } from '../wallet';
import type { ApplicationRow, EntryRow, PromotionRow, RewardsRepository } from './repository';
import { inLanguage, isBonusKind, periodKeyOf, rewardOf, sanitizeBody } from './rules';
import type { RewardIssuers } from './seam';
import type { PromotionTrigger } from './tables';

export type RewardsDeps = {
  db: Db;
  repo: RewardsRepository;
  system: SystemService;
  payments: PaymentsService;
  storage: FileStorage;
  /** Who issues each reward kind (seam.ts); bonus and ticket come from bonus/ and tickets/. */
  issuers: RewardIssuers;
  /** When the member registered (the "new members" eligibility), from auth's accounts. */
  memberSince: (memberId: number) => Promise<Date | null>;
  now?: () => Date;
};

type Rules = z.output<typeof promotionRulesSchema>;
type Member = MemberRef;
/** An issue left `issuing` this long is an instance that stopped midway: the job finishes it. */
const STUCK_ISSUE_MS = 60_000;
/** Entries the recovery job finishes per run. */
const RECOVERY_BATCH = 100;
const MAX_MB = PROMOTION_IMAGE_MAX_BYTES / 1024 / 1024;

/** Promotions: rules, members' entries and statuses, claims, applications (docs/rewards.md). */
export function createRewardsService(deps: RewardsDeps) {
  const { db, repo, system, payments, issuers, memberSince } = deps;
  // A store that did not answer is a 503 with its code (nothing recorded), never a 500.
  const storage = answeringStorage(deps.storage);
  const now = deps.now ?? (() => new Date());

  async function brandOf(merchantCode: string): Promise<Brand> {
    const brand = await system.brandByCode(merchantCode);
    if (!brand) throw new Error(`unknown brand ${merchantCode}`);
    return brand;
  }
  const forbiddenOn = (brand: Brand, row: PromotionRow) =>
    complianceProfileOf(brand.settings) === 'br-regulated' &&
    isBonusKind(row.reward_kind, row.ticket_kind);

  /** PNG or JPEG by their bytes, at most 5 MB: else `promotion_bad_file`. */
  function imageOf(bytes: Buffer): 'image/png' | 'image/jpeg' {
    const type = bytes.length <= PROMOTION_IMAGE_MAX_BYTES ? sniffImage(bytes) : null;
    if (!type) throw new AppError('promotion_bad_file', { params: { maxMb: MAX_MB } });
    return type;
  }

  /* ── Eligibility and status ─────────────────────────────────────────────────────────── */

  async function eligible(row: PromotionRow, memberId: number) {
    if (row.eligibility === 'all') return true;
    if (row.eligibility === 'new_members') {
      const since = await memberSince(memberId);
      return since !== null && since.getTime() >= row.starts_at.getTime();
    }
    return (await payments.firstCreditedDepositId(memberId)) !== null;
  }

  function statusOf(
    row: PromotionRow,
    at: Date,
    isEligible: boolean,
    entries: EntryRow[],
    applications: ApplicationRow[],
    timeZone: string,
  ): { status: PromotionStatus; entry: EntryRow | null; application: ApplicationRow | null } {
    const closed = row.ends_at !== null && row.ends_at.getTime() <= at.getTime();
    if (row.trigger === 'application') {
      const application = applications[0] ?? null;
      const period = periodKeyOf(row.period_type, at, timeZone);
      const entry =
        application !== null && application.entry_id !== null
          ? (entries.find((e) => e.id === application.entry_id) ?? null)
          : null;
      if (application?.status === 'pending') return { status: 'applying', entry, application };
      if (application?.status === 'approved' && application.period_key === period)
        return { status: entry?.status === 'issued' ? 'issued' : 'in_process', entry, application };
      if (row.starts_at.getTime() > at.getTime())
        return { status: 'coming_soon', entry: null, application: null };
      if (closed || !isEligible) return { status: 'closed', entry, application };
      if (application?.status === 'rejected') return { status: 'rejected', entry, application };
      return { status: 'join', entry: null, application: null };
    }
    // A reward waiting to be claimed wins, whatever the period or the end date.
    const claimable = entries.find((e) => e.status === 'claimable');
    if (claimable) return { status: 'claim', entry: claimable, application: null };
    if (row.starts_at.getTime() > at.getTime())
      return { status: 'coming_soon', entry: null, application: null };
    const period = periodKeyOf(row.period_type, at, timeZone);
    const entry = entries.find((e) => e.period_key === period) ?? null;
    if (entry?.status === 'issued' || entry?.status === 'issuing')
      return { status: entry.claimed_by_member ? 'claimed' : 'issued', entry, application: null };
    if (closed || !isEligible) return { status: 'closed', entry, application: null };
    if (entry?.status === 'in_process') return { status: 'in_process', entry, application: null };
    if (entry) return { status: 'joined', entry, application: null };
    return { status: row.requires_join ? 'join' : 'joined', entry: null, application: null };
  }

  function bannerUrl(row: PromotionRow): string | null {
    return row.banner_key ? `/wps/promotions/${row.id}/banner?v=${row.updated_at.getTime()}` : null;
  }

  function card(
    row: PromotionRow,
    language: string,
    state: ReturnType<typeof statusOf>,
  ): PromotionCard {
    return {
      id: row.id,
      category: row.category,
      title: inLanguage(row.titles, language),
      summary: inLanguage(row.summaries, language),
      bodyHtml: inLanguage(row.bodies, language),
      bannerUrl: bannerUrl(row),
      trigger: row.trigger,
      requiresJoin: row.requires_join,
      claimMode: row.claim_mode,
      periodType: row.period_type,
      rewardKind: row.reward_kind,
      ticketKind: row.ticket_kind,
      rewardCalc: row.reward_calc,
      rewardFixedMinor: Number(row.reward_fixed_minor),
      rewardPercentBps: row.reward_percent_bps,
      rewardCapMinor: row.reward_cap_minor === null ? null : Number(row.reward_cap_minor),
      thresholdMinor: Number(row.threshold_minor),
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at?.toISOString() ?? null,
      status: state.status,
      progressMinor: state.entry ? Number(state.entry.progress_minor) : 0,
      rewardMinor:
        state.entry === null || state.entry.reward_minor === null
          ? null
          : Number(state.entry.reward_minor),
      rejectReason: state.status === 'rejected' ? (state.application?.reject_reason ?? null) : null,
    };
  }

  /** The live promotions of a brand with the member's status in each (signed out: member null). */
  async function list(
    brand: Brand,
    member: Member | null,
    language: string,
  ): Promise<PromotionList> {
    const at = now();
    const rows = (await repo.promotions(brand.merchantCode, true)).filter(
      (row) => !forbiddenOn(brand, row),
    );
    const ids = rows.map((row) => row.id);
    const [entries, applications] = member
      ? await Promise.all([
          repo.entriesOf(member.memberId, ids),
          repo.latestApplications(member.memberId, ids),
        ])
      : [[], []];
    const needsDeposit = member && rows.some((row) => row.eligibility === 'depositors');
    const deposited = needsDeposit
      ? (await payments.firstCreditedDepositId(member.memberId)) !== null
      : false;
    const since =
      member && rows.some((row) => row.eligibility === 'new_members')
        ? await memberSince(member.memberId)
        : null;
    const promotions = rows.map((row) => {
      const isEligible = !member
        ? true
        : row.eligibility === 'all'
          ? true
          : row.eligibility === 'depositors'
            ? deposited
            : since !== null && since.getTime() >= row.starts_at.getTime();
      const state = member
        ? statusOf(
            row,
            at,
            isEligible,
            entries.filter((e) => e.promotion_id === row.id),
            applications.filter((a) => a.promotion_id === row.id),
            brand.timeZone,
          )
        : statusOf(row, at, true, [], [], brand.timeZone);
      // Signed out, an open promotion invites: "join" (sign in or register to take part).
      if (!member && state.status === 'joined') state.status = 'join';
      return card(row, language, state);
    });
    return { currency: brand.currency, serverTime: at.toISOString(), promotions };
  }

  async function cardFor(
    brand: Brand,
    member: Member,
    id: number,
    language: string,
  ): Promise<PromotionCard> {
    const found = (await list(brand, member, language)).promotions.find((p) => p.id === id);
    if (!found) throw new AppError('promotion_not_found');
    return found;
  }

  /** The promotion a member acts on: the brand's, switched on, allowed, started, not ended. */
  async function actionable(brand: Brand, id: number, memberId: number) {
    const row = await repo.promotion(id);
    if (!row || row.merchant_code !== brand.merchantCode || !row.enabled)
      throw new AppError('promotion_not_found');
    if (forbiddenOn(brand, row)) throw new AppError('promotion_bonus_forbidden');
    const at = now();
    if (row.starts_at.getTime() > at.getTime()) throw new AppError('promotion_not_started');
    const closed = row.ends_at !== null && row.ends_at.getTime() <= at.getTime();
    return { row, at, closed, isEligible: () => eligible(row, memberId) };
  }

  /* ── Issuing ─────────────────────────────────────────────────────────────────────────── */

  /** Hands an `issuing` entry to its kind's issuer and records the result; idempotent. */
  async function finishIssue(row: PromotionRow, entry: EntryRow): Promise<void> {
    const issuer = issuers[row.reward_kind];
    if (!issuer) throw new AppError('reward_kind_unavailable');
    const issued = await issuer.issue({
      merchantCode: entry.merchant_code,
      memberId: entry.member_id,
      currency: entry.currency,
      promotionId: row.id,
      entryId: entry.id,
      kind: row.reward_kind,
      amountMinor: Number(entry.reward_minor ?? 0),
      ticketKind: row.ticket_kind,
      wagering:
        row.reward_kind === 'bonus'
          ? {
              multiple: row.wagering_multiple,
              base: row.wagering_base,
              depositMinor: Number(entry.deposit_minor),
            }
          : null,
      idempotencyKey: `promotion-reward:${entry.id}`,
    });
    await db.transaction().execute(async (trx) => {
      if (!(await repo.markIssued(entry.id, issued.reference, trx))) return;
      await publish(trx, 'promotion.reward-issued', {
        merchantCode: entry.merchant_code,
        memberId: entry.member_id,
        promotionId: row.id,
        entryId: entry.id,
        currency: entry.currency,
        rewardMinor: Number(entry.reward_minor ?? 0),
        claimed: entry.claimed_by_member,
      });
    });
  }

  /**
   * claimable → issuing → issued. A reward of nothing (a percentage of a base that fell back to
   * zero) is not issued; a refusal the member can act on puts the entry back to claimable.
   */
  async function issueEntry(row: PromotionRow, entryId: number, byMember: boolean) {
    if (!issuers[row.reward_kind]) throw new AppError('reward_kind_unavailable');
    const entry = await repo.startIssuing(
      entryId,
      (progress) => rewardOf(row, row.trigger === 'registration' ? 0 : progress),
      byMember,
    );
    if (!entry) return null;
    if (Number(entry.reward_minor ?? 0) <= 0) {
      await repo.backToClaimable(entry.id);
      throw new AppError('promotion_nothing_to_claim');
    }
    try {
      await finishIssue(row, entry);
    } catch (error) {
      if (error instanceof AppError) await repo.backToClaimable(entry.id);
      throw error;
    }
    return entry;
  }

  /* ── Member actions ──────────────────────────────────────────────────────────────────── */

  async function join(brand: Brand, member: Member, id: number, language: string) {
    const { row, at, closed, isEligible } = await actionable(brand, id, member.memberId);
    if (row.trigger === 'application') throw new AppError('promotion_wrong_action');
    if (closed) throw new AppError('promotion_closed');
    if (!(await isEligible())) throw new AppError('promotion_not_eligible');
    if (!row.requires_join) throw new AppError('promotion_already_joined');
    const joined = await repo.join({
      promotion_id: row.id,
      merchant_code: row.merchant_code,
      member_id: member.memberId,
      currency: member.currency,
      period_key: periodKeyOf(row.period_type, at, brand.timeZone),
      status: 'joined',
    });
    if (!joined) throw new AppError('promotion_already_joined');
    return cardFor(brand, member, id, language);
  }

  async function claim(brand: Brand, member: Member, id: number, language: string) {
    const { row, closed, isEligible } = await actionable(brand, id, member.memberId);
    if (row.trigger === 'application') throw new AppError('promotion_wrong_action');
    const entry = await repo.claimableEntry(row.id, member.memberId);
    if (!entry) {
      // A reward already won stays claimable after the end; otherwise say why there is none.
      if (closed) throw new AppError('promotion_closed');
      if (!(await isEligible())) throw new AppError('promotion_not_eligible');
      const current = (await list(brand, member, language)).promotions.find((p) => p.id === id);
      if (current?.status === 'claimed' || current?.status === 'issued')
        throw new AppError('promotion_already_claimed');
      throw new AppError('promotion_nothing_to_claim');
    }
    // Two claims at once: one moves the entry to issuing, the other finds nothing to move.
    if (!(await issueEntry(row, entry.id, true))) throw new AppError('promotion_already_claimed');
    return cardFor(brand, member, id, language);
  }

  async function apply(
    brand: Brand,
    member: Member,
    id: number,
    input: { comment: string; images: string[] },
    language: string,
  ) {
    const { row, at, closed, isEligible } = await actionable(brand, id, member.memberId);
    if (row.trigger !== 'application') throw new AppError('promotion_wrong_action');
    if (closed) throw new AppError('promotion_closed');
    if (!(await isEligible())) throw new AppError('promotion_not_eligible');
    if (!issuers[row.reward_kind]) throw new AppError('reward_kind_unavailable');
    if (input.images.length > APPLICATION_MAX_PROOFS)
      throw new AppError('promotion_too_many_files', { params: { max: APPLICATION_MAX_PROOFS } });
    // Every image is checked before anything is stored: one bad file refuses the application.
    const images = input.images.map((base64) => {
      const bytes = Buffer.from(base64, 'base64');
      return { bytes, type: imageOf(bytes) };
    });
    const periodKey = periodKeyOf(row.period_type, at, brand.timeZone);
    if (await repo.approvedIn(row.id, member.memberId, periodKey))
      throw new AppError('promotion_application_exists');
    const latest = (await repo.latestApplications(member.memberId, [row.id]))[0];
    if (latest?.status === 'pending') throw new AppError('promotion_application_exists');
    const proofs = [];
    for (const image of images)
      proofs.push({
        fileKey: await storage.put('promotion-proofs/', image.bytes, image.type),
        contentType: image.type,
        sizeBytes: image.bytes.length,
      });
    const application = await repo.insertApplication(
      {
        promotion_id: row.id,
        merchant_code: row.merchant_code,
        member_id: member.memberId,
        currency: member.currency,
        period_key: periodKey,
        comment: input.comment,
      },
      proofs,
    );
    if (!application) throw new AppError('promotion_application_exists');
    return cardFor(brand, member, id, language);
  }

  async function banner(id: number) {
    const row = await repo.promotion(id);
    if (!row?.banner_key || !row.enabled) throw new AppError('promotion_not_found');
    const file = await storage.get(row.banner_key);
    if (!file) throw new AppError('promotion_not_found');
    return file;
  }

  /* ── Facts from other modules (handlers, at least once) ─────────────────────────────── */

  type Fact = {
    merchantCode: string;
    memberId: number;
    currency: string;
    at: Date;
    sourceKey: string;
    amountMinor: number;
    depositMinor?: number;
  };

  /**
   * Counts facts toward the promotions they fall in (the brand's, running at the fact's time,
   * the member eligible): one set-based count per promotion for all of them (a bet-path batch's
   * rounds at once), then each entry this made claimable is issued (auto) or announced.
   */
  async function count(rows: PromotionRow[], facts: readonly Fact[]): Promise<void> {
    if (rows.length === 0 || facts.length === 0) return;
    for (const row of rows) {
      const brand = await brandOf(row.merchant_code);
      if (forbiddenOn(brand, row)) continue;
      const eligibility = new Map<number, boolean>();
      const counted = [];
      for (const fact of facts) {
        const at = fact.at.getTime();
        if (fact.merchantCode !== row.merchant_code || row.starts_at.getTime() > at) continue;
        if (row.ends_at !== null && row.ends_at.getTime() <= at) continue;
        let isEligible = eligibility.get(fact.memberId);
        if (isEligible === undefined) {
          isEligible = await eligible(row, fact.memberId);
          eligibility.set(fact.memberId, isEligible);
        }
        if (!isEligible) continue;
        counted.push({
          memberId: fact.memberId,
          currency: fact.currency,
          periodKey: periodKeyOf(row.period_type, fact.at, brand.timeZone),
          sourceKey: fact.sourceKey,
          amountMinor: fact.amountMinor,
          depositMinor: fact.depositMinor ?? 0,
        });
      }
      for (const entry of await repo.countFacts(row, counted, now())) {
        if (row.claim_mode === 'auto' && issuers[row.reward_kind]) {
          try {
            await issueEntry(row, entry.id, false);
            continue;
          } catch (error) {
            // Nothing to give, or a refusal: the entry stays claimable for the member.
            if (!(error instanceof AppError)) throw error;
          }
        }
        await db.transaction().execute((trx) =>
          publish(trx, 'promotion.reward-ready', {
            merchantCode: row.merchant_code,
            memberId: Number(entry.member_id),
            promotionId: row.id,
            entryId: entry.id,
            currency: entry.currency,
          }),
        );
      }
    }
  }

  async function onDepositCredited(p: {
    depositId: number;
    merchantCode: string;
    memberId: number;
    amountMinor: number;
    currency: string;
    creditedAt: string;
  }) {
    const at = new Date(p.creditedAt);
    const rows = await repo.activeByTrigger([p.merchantCode], ['deposit', 'first_deposit'], at);
    if (rows.length === 0) return;
    const first = rows.some((r) => r.trigger === 'first_deposit')
      ? (await payments.firstCreditedDepositId(p.memberId)) === p.depositId
      : false;
    await count(
      rows.filter((r) => r.trigger === 'deposit' || first),
      [
        {
          merchantCode: p.merchantCode,
          memberId: p.memberId,
          currency: p.currency,
          at,
          sourceKey: `deposit:${p.depositId}`,
          amountMinor: p.amountMinor,
          depositMinor: p.amountMinor,
        },
      ],
    );
  }

  async function onRegistered(p: { memberId: number; merchantCode: string }, at: Date) {
    const rows = await repo.activeByTrigger([p.merchantCode], ['registration'], at);
    if (rows.length === 0) return;
    const brand = await brandOf(p.merchantCode);
    await count(rows, [
      {
        merchantCode: p.merchantCode,
        memberId: p.memberId,
        currency: brand.currency,
        at,
        sourceKey: `registered:${p.memberId}`,
        amountMinor: 0,
      },
    ]);
  }

  /** Settled rounds: turnover (valid bets) and net loss (stake − payout) per member. */
  async function onRoundsSettled(rounds: readonly SettledBetRound[]) {
    if (rounds.length === 0) return;
    const latest = new Date(Math.max(...rounds.map((r) => Date.parse(r.settledAt))));
    const rows = await repo.activeByTrigger(
      rounds.map((r) => r.merchantCode),
      ['turnover', 'loss'] satisfies PromotionTrigger[],
      latest,
    );
    if (rows.length === 0) return;
    const fact = (round: SettledBetRound, amountMinor: number): Fact => ({
      merchantCode: round.merchantCode,
      memberId: round.memberId,
      currency: round.currency,
      at: new Date(round.settledAt),
      sourceKey: `round:${round.betRoundId}`,
      amountMinor,
    });
    await count(
      rows.filter((r) => r.trigger === 'turnover'),
      rounds.filter((r) => r.validBetMinor > 0).map((r) => fact(r, r.validBetMinor)),
    );
    await count(
      rows.filter((r) => r.trigger === 'loss'),
      rounds.map((r) => fact(r, r.stakeMinor - r.payoutMinor)),
    );
  }

  /** Finishes issues an instance left midway (the issuers are idempotent by the entry's key). */
  async function recover(): Promise<number> {
    const stuck = await repo.stuckIssuing(
      new Date(now().getTime() - STUCK_ISSUE_MS),
      RECOVERY_BATCH,
    );
    let finished = 0;
    for (const entry of stuck) {
      const row = await repo.promotion(entry.promotion_id);
      if (!row || !issuers[row.reward_kind]) continue;
      try {
        await finishIssue(row, entry);
        finished += 1;
      } catch (error) {
        if (error instanceof AppError) await repo.backToClaimable(entry.id);
        else throw error;
      }
    }
    return finished;
  }

  /* ── Console ─────────────────────────────────────────────────────────────────────────── */

  function adminView(row: PromotionRow, brand: Brand | null): AdminPromotion {
    return {
      id: row.id,
      merchantCode: row.merchant_code,
      category: row.category,
      sortOrder: row.sort_order,
      titles: row.titles,
      summaries: row.summaries,
      bodies: row.bodies,
      bannerUrl: row.banner_key
        ? `/admin/api/promotions/${row.id}/banner?v=${row.updated_at.getTime()}`
        : null,
      trigger: row.trigger,
      requiresJoin: row.requires_join,
      claimMode: row.claim_mode,
      thresholdMinor: Number(row.threshold_minor),
      rewardKind: row.reward_kind,
      ticketKind: row.ticket_kind,
      rewardCalc: row.reward_calc,
      rewardFixedMinor: Number(row.reward_fixed_minor),
      rewardPercentBps: row.reward_percent_bps,
      rewardCapMinor: row.reward_cap_minor === null ? null : Number(row.reward_cap_minor),
      wageringMultiple: row.wagering_multiple,
      wageringBase: row.wagering_base,
      periodType: row.period_type,
      eligibility: row.eligibility,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at?.toISOString() ?? null,
      enabled: row.enabled,
      forbidden: brand ? forbiddenOn(brand, row) : false,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** The rules as columns, after the checks the schema cannot make alone. */
  async function columnsOf(merchantCode: string, rules: Rules) {
    const brand = await system.brandByCode(merchantCode);
    if (!brand)
      throw new AppError('promotion_invalid_rules', { params: { field: 'merchantCode' } });
    const invalid = (field: string) =>
      new AppError('promotion_invalid_rules', { params: { field } });
    const startsAt = new Date(rules.startsAt);
    const endsAt = rules.endsAt === null ? null : new Date(rules.endsAt);
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw invalid('endsAt');
    if ((rules.rewardKind === 'ticket') !== (rules.ticketKind !== null))
      throw invalid('ticketKind');
    if (rules.rewardCalc === 'fixed' && rules.rewardFixedMinor <= 0)
      throw invalid('rewardFixedMinor');
    if (rules.rewardCalc === 'percent' && rules.rewardPercentBps <= 0)
      throw invalid('rewardPercentBps');
    if (rules.rewardKind === 'ticket' && rules.rewardCalc !== 'fixed') throw invalid('rewardCalc');
    if (rules.trigger === 'registration' && rules.rewardCalc !== 'fixed')
      throw invalid('rewardCalc');
    if (rules.trigger === 'first_deposit' && rules.periodType !== 'once')
      throw invalid('periodType');
    if (rules.trigger === 'registration' && rules.periodType !== 'once')
      throw invalid('periodType');
    if (rules.trigger === 'application' && rules.requiresJoin) throw invalid('requiresJoin');
    if (
      complianceProfileOf(brand.settings) === 'br-regulated' &&
      isBonusKind(rules.rewardKind, rules.ticketKind)
    )
      throw new AppError('promotion_bonus_forbidden');
    return {
      brand,
      columns: {
        category: rules.category,
        sort_order: rules.sortOrder,
        titles: rules.titles,
        summaries: rules.summaries,
        bodies: {
          'pt-BR': sanitizeBody(rules.bodies['pt-BR']),
          en: sanitizeBody(rules.bodies.en),
        },
        trigger: rules.trigger,
        requires_join: rules.requiresJoin,
        claim_mode: rules.trigger === 'application' ? ('auto' as const) : rules.claimMode,
        threshold_minor: rules.thresholdMinor,
        reward_kind: rules.rewardKind,
        ticket_kind: rules.ticketKind,
        reward_calc: rules.rewardCalc,
        reward_fixed_minor: rules.rewardFixedMinor,
        reward_percent_bps: rules.rewardPercentBps,
        reward_cap_minor: rules.rewardCapMinor,
        wagering_multiple: rules.wageringMultiple,
        wagering_base: rules.wageringBase,
        period_type: rules.periodType,
        eligibility: rules.eligibility,
        starts_at: startsAt,
        ends_at: endsAt,
        enabled: rules.enabled,
      },
    };
  }

  async function adminList(merchantCode: string | undefined) {
    const brands = await system.allBrands();
    const byCode = new Map(brands.map((b) => [b.merchantCode, b]));
    const rows = await repo.promotions(merchantCode ?? null, false);
    return {
      brands: brands.map((b) => ({
        merchantCode: b.merchantCode,
        name: b.name,
        currency: b.currency,
        complianceProfile: complianceProfileOf(b.settings),
      })),
      promotions: rows.map((row) => adminView(row, byCode.get(row.merchant_code) ?? null)),
    };
  }

  async function adminOne(id: number) {
    const row = await repo.promotion(id);
    if (!row) throw new AppError('promotion_not_found');
    return { row, view: adminView(row, await system.brandByCode(row.merchant_code)) };
  }

  async function create(input: Rules & { merchantCode: string }) {
    const { brand, columns } = await columnsOf(input.merchantCode, input);
    const row = await repo.insertPromotion({ merchant_code: brand.merchantCode, ...columns });
    return adminView(row, brand);
  }

  async function update(id: number, rules: Rules) {
    const { row: before, view } = await adminOne(id);
    const { brand, columns } = await columnsOf(before.merchant_code, rules);
    const row = await repo.updatePromotion(id, columns);
    if (!row) throw new AppError('promotion_not_found');
    return { before: view, after: adminView(row, brand) };
  }

  async function setEnabled(id: number, enabled: boolean) {
    const { view } = await adminOne(id);
    const row = await repo.updatePromotion(id, { enabled });
    if (!row) throw new AppError('promotion_not_found');
    return { before: view, after: adminView(row, await system.brandByCode(row.merchant_code)) };
  }

  async function uploadBanner(id: number, bytes: Buffer) {
    const { view } = await adminOne(id);
    const type = imageOf(bytes);
    const key = await storage.put('promotion-banners/', bytes, type);
    const row = await repo.updatePromotion(id, { banner_key: key, banner_content_type: type });
    if (!row) throw new AppError('promotion_not_found');
    return { before: view, after: adminView(row, await system.brandByCode(row.merchant_code)) };
  }

  async function adminBanner(id: number) {
    const row = await repo.promotion(id);
    const file = row?.banner_key ? await storage.get(row.banner_key) : null;
    if (!file) throw new AppError('promotion_not_found');
    return file;
  }

  function preview(bodies: Record<'pt-BR' | 'en', string>) {
    return { bodies: { 'pt-BR': sanitizeBody(bodies['pt-BR']), en: sanitizeBody(bodies.en) } };
  }

  async function applications(query: {
    status: 'pending' | 'approved' | 'rejected';
    merchantCode?: string | undefined;
    pageNo: number;
    pageSize: number;
    /** One application only (the decision's answer). */
    only?: number;
    usernames: (ids: number[]) => Promise<Map<number, string>>;
  }) {
    const page = await repo.applicationsPage({
      status: query.status,
      merchantCode: query.merchantCode,
      onlyId: query.only,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    const names = await query.usernames(page.rows.map((r) => r.member_id));
    return {
      rows: page.rows.map((r) => ({
        id: r.id,
        promotionId: r.promotion_id,
        promotionTitle: inLanguage(r.titles, 'pt-BR'),
        merchantCode: r.merchant_code,
        memberId: r.member_id,
        username: names.get(r.member_id) ?? String(r.member_id),
        comment: r.comment,
        status: r.status,
        rejectReason: r.reject_reason,
        proofs: (r.proof_positions ?? []).map(Number),
        rewardKind: r.reward_kind,
        rewardCalc: r.reward_calc,
        rewardFixedMinor: Number(r.reward_fixed_minor),
        rewardMinor: r.reward_minor === null ? null : Number(r.reward_minor),
        currency: r.currency,
        createdAt: r.created_at.toISOString(),
        decidedAt: r.decided_at?.toISOString() ?? null,
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      total: page.total,
    };
  }

  async function proof(applicationId: number, position: number) {
    const row = await repo.proof(applicationId, position);
    const file = row ? await storage.get(row.file_key) : null;
    if (!file) throw new AppError('promotion_not_found');
    return file;
  }

  /**
   * An operator's decision. Approve: the application and its entry are written in one
   * transaction, then the reward goes through the issuer (retried by the recovery job if the
   * instance stops between the two); reject: the reason is what the member reads.
   */
  async function decide(input: {
    applicationId: number;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
    baseMinor?: number | undefined;
    staffId: number | null;
  }): Promise<{ before: ApplicationRow; after: ApplicationRow }> {
    const application = await repo.application(input.applicationId);
    if (!application) throw new AppError('promotion_not_found');
    if (application.status !== 'pending') throw new AppError('promotion_application_decided');
    const row = await repo.promotion(application.promotion_id);
    if (!row) throw new AppError('promotion_not_found');
    if (input.decision === 'reject') {
      if (!input.reason)
        throw new AppError('promotion_invalid_rules', { params: { field: 'reason' } });
      const reason = input.reason;
      const after = await repo.reject({
        applicationId: application.id,
        staffId: input.staffId,
        reason,
        onDecided: (trx, decided) =>
          publish(trx, 'promotion.application-decided', {
            merchantCode: decided.merchant_code,
            memberId: decided.member_id,
            promotionId: decided.promotion_id,
            applicationId: decided.id,
            status: 'rejected',
            reason,
          }).then(() => undefined),
      });
      if (!after) throw new AppError('promotion_application_decided');
      return { before: application, after };
    }
    if (!issuers[row.reward_kind]) throw new AppError('reward_kind_unavailable');
    const brand = await brandOf(row.merchant_code);
    if (forbiddenOn(brand, row)) throw new AppError('promotion_bonus_forbidden');
    const rewardMinor = rewardOf(row, input.baseMinor ?? 0);
    if (rewardMinor <= 0)
      throw new AppError('promotion_invalid_rules', { params: { field: 'baseMinor' } });
    const approved = await repo.approve({
      application,
      staffId: input.staffId,
      rewardMinor,
      onDecided: (trx, entry) =>
        publish(trx, 'promotion.application-decided', {
          merchantCode: entry.merchant_code,
          memberId: entry.member_id,
          promotionId: row.id,
          applicationId: application.id,
          status: 'approved',
          reason: null,
        }).then(() => undefined),
    });
    if (!approved) throw new AppError('promotion_application_decided');
    // The approval stands; a failed issue is finished by the recovery job (entry `issuing`).
    await finishIssue(row, approved.entry);
    return { before: application, after: approved.application };
  }

  async function report(merchantCode: string | undefined) {
    const rows = await repo.report(merchantCode);
    const brands = new Map((await system.allBrands()).map((b) => [b.merchantCode, b]));
    return {
      rows: rows.map((r) => ({
        promotionId: r.id,
        merchantCode: r.merchant_code,
        title: inLanguage(r.titles, 'pt-BR'),
        rewardKind: r.reward_kind,
        currency: r.currency ?? brands.get(r.merchant_code)?.currency ?? '',
        issuedCount: Number(r.issued_count),
        costMinor: Number(r.cost_minor),
        waitingCount: Number(r.waiting_count),
        pendingApplications: Number(r.pending_applications),
      })),
    };
  }

  return {
    /** The issuers by kind, for the parts of the module that issue on their own (reward centre). */
    issuers,
    list,
    join,
    claim,
    apply,
    banner,
    onDepositCredited,
    onRegistered,
    onRoundsSettled,
    recover,
    admin: {
      list: adminList,
      create,
      update,
      setEnabled,
      uploadBanner,
      banner: adminBanner,
      preview,
      applications,
      proof,
      decide,
      report,
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
export type { PromotionRules };
