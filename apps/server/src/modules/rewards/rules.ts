import { sanitizeRichText } from '../../lib/rich-text';
import { dayInZone } from '../wallet';
import type { PeriodType, PromotionsTable, RewardKind, TicketKind } from './tables';
import type { Selectable } from 'kysely';

type Promotion = Selectable<PromotionsTable>;

/** The body as members will see it (lib/rich-text.ts's policy, shared with announcements). */
export const sanitizeBody = sanitizeRichText;

/**
 * The period an instant falls in, in the brand's zone: `once`, a day `2026-11-24`, the week
 * of its Monday `w2026-11-23`, a half month `2026-11-a` (days 1–15) or `2026-11-b`, a month
 * `2026-11`. One reward per member per period (the entries' unique key).
 */
export function periodKeyOf(type: PeriodType, at: Date, timeZone: string): string {
  if (type === 'once') return 'once';
  const day = dayInZone(at, timeZone);
  if (type === 'daily') return day;
  if (type === 'monthly') return day.slice(0, 7);
  if (type === 'semimonthly') return `${day.slice(0, 7)}-${Number(day.slice(8)) <= 15 ? 'a' : 'b'}`;
  const noon = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  return `w${new Date(noon.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10)}`;
}

/**
 * The reward of an entry: the fixed amount, or the percentage of the base (deposit, turnover,
 * net loss, or what an operator read on a proof) rounded down, at most the cap.
 */
export function rewardOf(promotion: Promotion, baseMinor: number): number {
  if (promotion.reward_calc === 'fixed') return Number(promotion.reward_fixed_minor);
  const raw = Math.floor((Math.max(0, baseMinor) * promotion.reward_percent_bps) / 10_000);
  return promotion.reward_cap_minor === null
    ? raw
    : Math.min(raw, Number(promotion.reward_cap_minor));
}

/** Bonus rewards: off under br-regulated (Lei 14.790 art. 29 bans bonuses and advantages). */
export function isBonusKind(kind: RewardKind, ticketKind: TicketKind | null): boolean {
  return kind === 'bonus' || (kind === 'ticket' && ticketKind === 'bonus');
}

/** The text in the member's language, else Portuguese, else English, else the first. */
export function inLanguage(texts: Record<string, string>, language: string): string {
  return texts[language] || texts['pt-BR'] || texts.en || Object.values(texts)[0] || '';
}
