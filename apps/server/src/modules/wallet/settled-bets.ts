import { sql, type RawBuilder } from 'kysely';

/**
 * Settled rounds of a window summed per member, as a SQL subquery for other modules to join
 * with their own tables in one statement (the agents' settlements join it with `agent_tree`).
 * The wallet owns the bet records, so the SQL that names them lives here; the caller adds its
 * own tables around it. One statement instead of the rows travelling through Node: a 5-minute
 * window of a big brand holds a million rounds and 100,000 players (bench/agents).
 *
 * A round counts in the window its settlement falls in (`settled_at`), so every settled round
 * is counted in exactly one window however late it settles; `late_bet_minor` is the part of a
 * member's valid bets placed before the window (rounds opened in an earlier one), which the
 * settlement shows as the adjustment for earlier periods. Walks `bet_rounds_settled_time`
 * (merchant_code, settled_at) WHERE status = 'settled'.
 *
 * Columns: member_id, stake_minor, valid_bet_minor, won_bet_minor (valid bets of rounds the player won:
 * payout above stake), lost_bet_minor (the rest), profit_loss_minor (payout − stake: the
 * player's result, negative when the house won), late_bet_minor, rounds.
 */
export function settledBetsByMember(window: {
  merchantCode: string;
  fromUtc: Date;
  toUtc: Date;
}): RawBuilder<SettledBetsRow> {
  return sql<SettledBetsRow>`SELECT member_id,
      sum(stake_minor) AS stake_minor,
      sum(valid_bet_minor) AS valid_bet_minor,
      coalesce(sum(valid_bet_minor) FILTER (WHERE payout_minor > stake_minor), 0) AS won_bet_minor,
      coalesce(sum(valid_bet_minor) FILTER (WHERE payout_minor <= stake_minor), 0) AS lost_bet_minor,
      sum(payout_minor - stake_minor) AS profit_loss_minor,
      coalesce(sum(valid_bet_minor) FILTER (WHERE opened_at < ${window.fromUtc}), 0) AS late_bet_minor,
      count(*) AS rounds
    FROM bet_rounds
    WHERE merchant_code = ${window.merchantCode} AND status = 'settled'
      AND settled_at >= ${window.fromUtc} AND settled_at < ${window.toUtc}
    GROUP BY member_id`;
}

export type SettledBetsRow = {
  member_id: string | number;
  stake_minor: string | number;
  valid_bet_minor: string | number;
  won_bet_minor: string | number;
  lost_bet_minor: string | number;
  profit_loss_minor: string | number;
  late_bet_minor: string | number;
  rounds: string | number;
};

/**
 * Bet records opened in a window (the betting record's day rule: a round belongs to the day its
 * bet was placed), as a subquery for the agents' team betting page, which joins it with its
 * tree and pages it. Walks `bet_rounds_member_time` (member_id, opened_at DESC) per member.
 */
export function betRoundsOpenedIn(window: {
  merchantCode: string;
  fromUtc: Date;
  toUtc: Date;
}): RawBuilder<BetRoundListRow> {
  return sql<BetRoundListRow>`SELECT id, member_id, vendor_code, game_code, round_id, stake_minor,
      valid_bet_minor, payout_minor, status, opened_at, settled_at
    FROM bet_rounds
    WHERE merchant_code = ${window.merchantCode}
      AND opened_at >= ${window.fromUtc} AND opened_at < ${window.toUtc}`;
}

export type BetRoundListRow = {
  id: number;
  member_id: number;
  vendor_code: string;
  game_code: string;
  round_id: string;
  stake_minor: number;
  valid_bet_minor: number;
  payout_minor: number;
  status: 'open' | 'settled' | 'cancelled';
  opened_at: Date;
  settled_at: Date | null;
};
