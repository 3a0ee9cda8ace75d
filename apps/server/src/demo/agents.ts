import type { BetRecord } from '../modules/wallet';
import type { ServiceRegistry } from '../modules';
import { ROLLUP_LAG_MS } from '../modules/agents';
import { hashPassword } from '../modules/auth';
import { createRng } from '../lib/seeded-rng';
import { DEMO_MERCHANT_CODE } from './brand';
import { buildDemoCatalogue } from './catalogue';

/** The demo agent (brand.ts DEMO_ACCOUNTS) whose team the generator builds. */
const DEMO_AGENT_USERNAME = 'agente';
/** Every demo downline's password (README "Demo"). */
export const DEMO_DOWNLINE_PASSWORD = 'equipe@2026';
/**
 * The team: two sub-agents with their own players and two direct players, so the tree has
 * three levels and the per-downline figures differ.
 */
const DEMO_TEAM = [
  { username: 'subagente1', kind: 'agent', upline: DEMO_AGENT_USERNAME },
  { username: 'subagente2', kind: 'agent', upline: DEMO_AGENT_USERNAME },
  { username: 'jogador01', kind: 'player', upline: DEMO_AGENT_USERNAME },
  { username: 'jogador02', kind: 'player', upline: DEMO_AGENT_USERNAME },
  { username: 'jogador11', kind: 'player', upline: 'subagente1' },
  { username: 'jogador12', kind: 'player', upline: 'subagente1' },
  { username: 'jogador21', kind: 'player', upline: 'subagente2' },
] as const;
/** The demo agent's payment password (README "Demo"), which its transfers ask for. */
export const DEMO_AGENT_PAYMENT_PASSWORD = '246810';
/** What the demo agent starts with to transfer to its downline (R$ 1.000). */
const DEMO_AGENT_CREDIT_MINOR = 100_000;
/** Each demo player's starting credit (R$ 500) and how many house rounds they play. */
const DEMO_CREDIT_MINOR = 50_000;
const DEMO_ROUNDS_PER_PLAYER = 12;
/**
 * The demo vendor the rounds are recorded under, as its seamless wallet would post them: a
 * slots studio of the demo catalogue (house games keep their own records beside theirs).
 */
const DEMO_VENDOR = 'PG';
/** How many of its games the players spread their rounds over. */
const DEMO_GAMES = 4;

/**
 * The demo agent's team, through the same services a real agent uses: accounts created by the
 * register centre, credited by an operator adjustment, rounds played as bet records through
 * the ledger, then rolled up so the agent centre shows figures at once. Runs when the agent
 * has no team yet (a fresh demo, or a demo database from before the agents module); the round
 * and credit keys make a second run after a crash pay nothing twice.
 */
export async function seedDemoAgentTeam(services: ServiceRegistry): Promise<'seeded' | 'present'> {
  const { accounts, agents, members, system, wallet } = services;
  const brand = await system.brandByCode(DEMO_MERCHANT_CODE);
  const agent = await accounts.findByUsername(DEMO_MERCHANT_CODE, DEMO_AGENT_USERNAME);
  if (!brand || !agent) return 'present';
  await agents.backfillTree();
  if ((await agents.teamCounts(agent.id)).team > 0) return 'present';

  if (!agent.payment_password_hash)
    await accounts.update(agent.id, {
      payment_password_hash: await hashPassword(DEMO_AGENT_PAYMENT_PASSWORD),
    });
  await wallet.adjust({
    member: { memberId: agent.id, merchantCode: DEMO_MERCHANT_CODE, currency: brand.currency },
    amountMinor: DEMO_AGENT_CREDIT_MINOR,
    reason: 'demo credit',
    operatorId: 'demo',
    idempotencyKey: `demo-agent-credit:${agent.id}`,
  });
  const ids = new Map<string, number>([[DEMO_AGENT_USERNAME, agent.id]]);
  const client = { ip: '127.0.0.1', device: 'demo', userAgent: null };
  for (const member of DEMO_TEAM) {
    const uplineId = ids.get(member.upline)!;
    const existing = await accounts.findByUsername(DEMO_MERCHANT_CODE, member.username);
    const row =
      existing ??
      (await members.registerDownline(
        brand,
        uplineId,
        {
          username: member.username,
          password: DEMO_DOWNLINE_PASSWORD,
          isAgent: member.kind === 'agent',
        },
        client,
        'pt-BR',
      ));
    await agents.placeMember({ memberId: row.id, uplineId, merchantCode: DEMO_MERCHANT_CODE });
    ids.set(member.username, row.id);
  }

  const games = buildDemoCatalogue()
    .games.filter((game) => game.vendorCode === DEMO_VENDOR)
    .slice(0, DEMO_GAMES)
    .map((game) => game.gameCode);
  const rng = createRng(15);
  for (const member of DEMO_TEAM.filter((m) => m.kind === 'player')) {
    const memberId = ids.get(member.username)!;
    const ref = { memberId, merchantCode: DEMO_MERCHANT_CODE, currency: brand.currency };
    await wallet.adjust({
      member: ref,
      amountMinor: DEMO_CREDIT_MINOR,
      reason: 'demo credit',
      operatorId: 'demo',
      idempotencyKey: `demo-agent-credit:${memberId}`,
    });
    for (let n = 1; n <= DEMO_ROUNDS_PER_PLAYER; n += 1) {
      const round = `DEMO-AG-${memberId}-${n}`;
      const stake = rng.int(2, 40) * 100;
      // About 45 % of rounds win, paying 1.5× to 3×: the team loses overall, as players do.
      const payout = rng.chance(0.45) ? Math.round(stake * (1.5 + rng.next() * 1.5)) : 0;
      const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number): BetRecord => ({
        merchant: DEMO_MERCHANT_CODE,
        member: memberId,
        vendor: DEMO_VENDOR,
        game: games[n % games.length]!,
        round,
        currency: brand.currency,
        txId: `${round}:${type}`,
        type,
        betRef: null,
        amount,
        txTime: new Date().toISOString(),
        gameOver: type === 'DEPOSIT',
        cancels: null,
        tombstone: false,
      });
      await wallet.bets.post({ member: ref, bet: record('WITHDRAW', stake) });
      await wallet.bets.post({ member: ref, bet: record('DEPOSIT', payout) });
    }
  }
  // Counted now rather than by the next minute's job: the demo's figures show at once.
  await agents.rollup.rollUp(new Date(Date.now() + ROLLUP_LAG_MS));
  return 'seeded';
}
