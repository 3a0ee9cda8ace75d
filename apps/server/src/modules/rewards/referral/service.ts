import type { ReferralOverview, ReferralSettings } from '@banca/contracts';
import { AppError } from '../../../http/errors';
import type { Accounts, MemberRow } from '../../auth';
import type { PaymentsService } from '../../payments';
import type { Brand, SystemService } from '../../system';
import type { MemberRef } from '../../wallet';
import { maskName, type SettledRoundsEvent } from '../missions';
import type { RewardIssuers } from '../seam';
import type { ReferralRow } from './tables';
import type { ReferralRepository, ReferralSettingsRow } from './repository';

/** Friends the page lists (newest first); the counts above it cover every friend. */
const FRIENDS_SHOWN = 100;
/** A qualified friend whose reward is still unrecorded this long was left by its instance. */
const STUCK_REWARD_MS = 60_000;
const RECOVERY_BATCH = 100;

const DEFAULT_SETTINGS: Omit<ReferralSettingsRow, 'merchant_code'> = {
  enabled: false,
  min_deposit_minor: 0,
  min_turnover_minor: 0,
  reward_kind: 'cash',
  reward_minor: 0,
  wagering_multiple: 0,
  block_same_ip: true,
};

/**
 * Why a friend cannot qualify for the referrer (docs/missions.md "Anti-abuse"), or null: the
 * same CPF is the same person; the same device or (when the brand says so) the same
 * registration address is most likely the referrer again.
 */
export function abuseOf(
  referrer: Pick<MemberRow, 'id_number' | 'registration_device' | 'registration_ip'>,
  friend: Pick<MemberRow, 'id_number' | 'registration_device' | 'registration_ip'>,
  blockSameIp: boolean,
): 'same_cpf' | 'same_device' | 'same_ip' | null {
  const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');
  if (digits(referrer.id_number) && digits(referrer.id_number) === digits(friend.id_number))
    return 'same_cpf';
  if (referrer.registration_device && referrer.registration_device === friend.registration_device)
    return 'same_device';
  if (
    blockSameIp &&
    referrer.registration_ip &&
    referrer.registration_ip === friend.registration_ip
  )
    return 'same_ip';
  return null;
}

/**
 * Invite a friend (docs/missions.md): the member's code and link, the friends invited and where
 * each stands, and the referrer's reward when a friend qualifies (first deposit and turnover
 * thresholds), paid once through the module's reward issuers.
 */
export function createReferralService(deps: {
  repo: ReferralRepository;
  system: SystemService;
  payments: PaymentsService;
  accounts: Accounts;
  issuers: RewardIssuers;
  onFriendQualified: (p: {
    referrerId: number;
    friendId: number;
    merchantCode: string;
    currency: string;
    at: Date;
  }) => Promise<void>;
  now?: () => Date;
}) {
  const { repo, system, payments, accounts, issuers } = deps;
  const now = deps.now ?? (() => new Date());

  async function settingsOf(merchantCode: string): Promise<ReferralSettingsRow> {
    return (
      (await repo.settings(merchantCode)) ?? { merchant_code: merchantCode, ...DEFAULT_SETTINGS }
    );
  }

  /** The friend registered with the member's code: a row, blocked at once if it is abuse. */
  async function onRegistered(
    p: { memberId: number; merchantCode: string; referredByMemberId: number | null },
    at: Date,
  ): Promise<void> {
    if (p.referredByMemberId === null) return;
    const [brand, settings, members] = await Promise.all([
      system.brandByCode(p.merchantCode),
      settingsOf(p.merchantCode),
      accounts.byIds([p.memberId, p.referredByMemberId]),
    ]);
    const friend = members.find((m) => m.id === p.memberId);
    const referrer = members.find((m) => m.id === p.referredByMemberId);
    if (!brand || !friend || !referrer) return;
    const abuse = abuseOf(referrer, friend, settings.block_same_ip);
    await repo.insert({
      friend_member_id: friend.id,
      referrer_member_id: referrer.id,
      merchant_code: p.merchantCode,
      currency: brand.currency,
      status: abuse ? 'blocked' : 'registered',
      blocked_reason: abuse,
      registered_at: at,
    });
  }

  /** Pays the referrer for a qualified friend, once (the friend's key); records the reference. */
  async function reward(row: ReferralRow, settings: ReferralSettingsRow): Promise<void> {
    const amountMinor = Number(row.reward_minor);
    if (amountMinor <= 0) {
      await repo.rewarded(row.friend_member_id, 'none');
      return;
    }
    const issuer = issuers[settings.reward_kind];
    if (!issuer) throw new AppError('reward_kind_unavailable');
    // The seam names a promotion and its entry; a referral is neither: 0 and the friend's id.
    const issued = await issuer.issue({
      merchantCode: row.merchant_code,
      memberId: row.referrer_member_id,
      currency: row.currency,
      promotionId: 0,
      entryId: row.friend_member_id,
      kind: settings.reward_kind,
      amountMinor,
      ticketKind: null,
      wagering:
        settings.reward_kind === 'bonus'
          ? { multiple: settings.wagering_multiple, base: 'bonus', depositMinor: 0 }
          : null,
      idempotencyKey: `referral-reward:${row.friend_member_id}`,
    });
    await repo.rewarded(row.friend_member_id, issued.reference);
  }

  /**
   * Qualifies the friend when both thresholds are met and no anti-abuse rule holds (checked
   * again: a CPF may have been given since registration); one conditional update decides.
   */
  async function tryQualify(friendId: number): Promise<void> {
    const row = await repo.friend(friendId);
    if (!row || row.status !== 'deposited') return;
    const settings = await settingsOf(row.merchant_code);
    if (!settings.enabled) return;
    const members = await accounts.byIds([row.friend_member_id, row.referrer_member_id]);
    const friend = members.find((m) => m.id === row.friend_member_id);
    const referrer = members.find((m) => m.id === row.referrer_member_id);
    if (!friend || !referrer) return;
    const abuse = abuseOf(referrer, friend, settings.block_same_ip);
    if (abuse) {
      await repo.block(friendId, abuse);
      return;
    }
    const at = now();
    const qualified = await repo.qualify({
      friendId,
      minDepositMinor: Number(settings.min_deposit_minor),
      minTurnoverMinor: Number(settings.min_turnover_minor),
      rewardMinor: Number(settings.reward_minor),
      at,
    });
    if (!qualified) return;
    await reward(qualified, settings);
    await deps.onFriendQualified({
      referrerId: qualified.referrer_member_id,
      friendId,
      merchantCode: qualified.merchant_code,
      currency: qualified.currency,
      at,
    });
  }

  async function onDepositCredited(p: {
    depositId: number;
    memberId: number;
    amountMinor: number;
    creditedAt: string;
  }): Promise<void> {
    const row = await repo.friend(p.memberId);
    if (!row || (row.status !== 'registered' && row.status !== 'deposited')) return;
    if (row.status === 'registered') {
      // Only the first credited deposit is the one the threshold reads.
      if ((await payments.firstCreditedDepositId(p.memberId)) !== p.depositId) return;
      await repo.markDeposited(p.memberId, p.amountMinor, new Date(p.creditedAt));
    }
    await tryQualify(p.memberId);
  }

  /**
   * Valid bets of pending friends: one indexed read per batch, and only when some round's
   * member is a friend still short of qualifying, one statement that adds them once.
   */
  async function onRoundsSettled(events: readonly SettledRoundsEvent[]): Promise<void> {
    const counting = events.flatMap((e) =>
      e.rounds.filter((r) => r.validBetMinor > 0).map((r) => ({ event: e.id, round: r })),
    );
    const pending = new Set(await repo.pendingAmong(counting.map((c) => c.round.memberId)));
    if (pending.size === 0) return;
    const grown = await repo.addTurnover(
      counting
        .filter((c) => pending.has(c.round.memberId))
        .map((c) => ({
          factKey: `referral-rounds:${c.event}`,
          memberId: c.round.memberId,
          amount: c.round.validBetMinor,
        })),
    );
    for (const friendId of grown) await tryQualify(friendId);
  }

  /** Rewards of qualified friends an instance left unrecorded (the issuers are idempotent). */
  async function recover(): Promise<number> {
    const owed = await repo.owed(new Date(now().getTime() - STUCK_REWARD_MS), RECOVERY_BATCH);
    for (const row of owed) await reward(row, await settingsOf(row.merchant_code));
    return owed.length;
  }

  async function overview(brand: Brand, member: MemberRef): Promise<ReferralOverview> {
    const [me, settings, friends, totals] = await Promise.all([
      accounts.findById(member.memberId),
      settingsOf(brand.merchantCode),
      repo.friendsOf(member.memberId, FRIENDS_SHOWN),
      repo.totalsOf(member.memberId),
    ]);
    if (!me) throw new AppError('not_logged_in');
    const names = new Map(
      (await accounts.byIds(friends.map((f) => f.friend_member_id))).map((m) => [
        m.id,
        m.nickname ?? m.username,
      ]),
    );
    const count = (status: string) => totals.find((t) => t.status === status)?.n ?? 0;
    return {
      enabled: settings.enabled,
      currency: brand.currency,
      code: me.invite_code,
      linkPath: `/register?referralCode=${encodeURIComponent(me.invite_code)}`,
      rules: {
        minDepositMinor: Number(settings.min_deposit_minor),
        minTurnoverMinor: Number(settings.min_turnover_minor),
        rewardKind: settings.reward_kind,
        rewardMinor: Number(settings.reward_minor),
      },
      // Every friend who registered, of whatever status now; deposited counts those who went on.
      counts: {
        registered: totals.reduce((sum, t) => sum + t.n, 0),
        deposited: count('deposited') + count('qualified'),
        qualified: count('qualified'),
      },
      earnedMinor: totals.reduce((sum, t) => sum + t.reward, 0),
      friends: friends.map((f) => ({
        name: maskName(names.get(f.friend_member_id) ?? ''),
        registeredAt: f.registered_at.toISOString(),
        status: f.status,
        blockedReason: f.blocked_reason,
        firstDepositMinor: Number(f.first_deposit_minor),
        turnoverMinor: Number(f.turnover_minor),
        rewardMinor: Number(f.reward_minor),
      })),
    };
  }

  function settingsView(row: ReferralSettingsRow): ReferralSettings {
    return {
      enabled: row.enabled,
      minDepositMinor: Number(row.min_deposit_minor),
      minTurnoverMinor: Number(row.min_turnover_minor),
      rewardKind: row.reward_kind,
      rewardMinor: Number(row.reward_minor),
      wageringMultiple: row.wagering_multiple,
      blockSameIp: row.block_same_ip,
    };
  }

  const admin = {
    async settings(merchantCode: string): Promise<ReferralSettings> {
      if (!(await system.brandByCode(merchantCode))) throw new AppError('mission_bad_rules');
      return settingsView(await settingsOf(merchantCode));
    },
    async saveSettings(
      merchantCode: string,
      input: ReferralSettings,
    ): Promise<{ before: ReferralSettings; after: ReferralSettings }> {
      const before = await admin.settings(merchantCode);
      await repo.saveSettings({
        merchant_code: merchantCode,
        enabled: input.enabled,
        min_deposit_minor: input.minDepositMinor,
        min_turnover_minor: input.minTurnoverMinor,
        reward_kind: input.rewardKind,
        reward_minor: input.rewardMinor,
        wagering_multiple: input.rewardKind === 'bonus' ? input.wageringMultiple : 0,
        block_same_ip: input.blockSameIp,
      });
      return { before, after: settingsView(await settingsOf(merchantCode)) };
    },
  };

  return { onRegistered, onDepositCredited, onRoundsSettled, recover, overview, admin };
}
export type ReferralService = ReturnType<typeof createReferralService>;
