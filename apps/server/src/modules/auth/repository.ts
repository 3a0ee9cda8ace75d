import { MemberType } from '@banca/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { publish } from '../../lib/events';
import './events';
import type { MemberRow, SessionRow } from './tables';

/**
 * Every authenticated request looks its session up; a live session is remembered this long so
 * a burst of requests costs one query. Ending a session here clears the memory at once; another
 * instance may honour an ended session for at most this long.
 */
const SESSION_CACHE_TTL_MS = 2_000;
/**
 * A session in use is read again in the background once its memory is this old, so the
 * requests of an active member never wait for that query (under load, a request that did
 * was among the slowest: bench:ledger's many-member phase), while the bound above holds.
 * The sessions due within SESSION_REFRESH_GATHER_MS are read together, in one query of at
 * most SESSION_REFRESH_MAX_TOKENS: 500 active members cost a few queries a second, not 500.
 */
const SESSION_REFRESH_AFTER_MS = 1_000;
const SESSION_REFRESH_GATHER_MS = 100;
const SESSION_REFRESH_MAX_TOKENS = 1_000;
const SESSION_CACHE_MAX = 50_000;

type LiveSession = Omit<
  Awaited<ReturnType<ReturnType<typeof sessionQueries>['findLiveSessions']>>[number],
  'tokenHash'
>;

function sessionQueries(db: Db) {
  return {
    /** The live sessions among these token hashes (each with its hash). */
    findLiveSessions(tokenHashes: string[], at: Date) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('members as m', 'm.id', 's.member_id')
        .select([
          's.token_hash as tokenHash',
          's.id as sessionId',
          's.scope',
          's.remember',
          's.expires_at',
          's.last_seen_at',
          'm.id as memberId',
          'm.type',
          'm.status',
          'm.merchant_code',
          'm.username',
        ])
        .where((eb) =>
          tokenHashes.length === 1
            ? eb('s.token_hash', '=', tokenHashes[0]!)
            : eb('s.token_hash', '=', eb.fn.any(eb.val(tokenHashes))),
        )
        .where('s.ended_at', 'is', null)
        .where('s.expires_at', '>', at)
        .execute();
    },
  };
}

/** The only code that reads and writes members' credentials, sessions and login protection. */
export function createAuthRepository(db: Db) {
  const cache = new Map<string, { session: LiveSession; cachedAtMs: number }>();
  const queries = sessionQueries(db);
  // Which cached token a session id belongs to, so touching a session is one lookup.
  const tokenBySession = new Map<number, string>();
  /** Tokens due to be read again in the background, and those being read. */
  const due = new Set<string>();
  const rereading = new Set<string>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  /** The latest clock reading of a request that found its session due. */
  let refreshAt = new Date(0);
  /** Counts forgetSessions(): a read that began before one must not put back what it cleared. */
  let generation = 0;
  const forgetSessions = () => {
    generation += 1;
    cache.clear();
    tokenBySession.clear();
  };

  /** Reads these sessions and remembers what it found (as of `at`), unless one ended meanwhile. */
  async function readSessions(tokenHashes: string[], at: Date): Promise<Map<string, LiveSession>> {
    const readGeneration = generation;
    const found = new Map<string, LiveSession>();
    for (const { tokenHash, ...session } of await queries.findLiveSessions(tokenHashes, at))
      found.set(tokenHash, session);
    if (readGeneration !== generation) return found; // a session ended meanwhile
    for (const tokenHash of tokenHashes) {
      const session = found.get(tokenHash);
      if (session) {
        if (cache.size >= SESSION_CACHE_MAX) forgetSessions();
        cache.set(tokenHash, { session, cachedAtMs: at.getTime() });
        tokenBySession.set(session.sessionId, tokenHash);
      } else {
        const stale = cache.get(tokenHash);
        cache.delete(tokenHash);
        if (stale) tokenBySession.delete(stale.session.sessionId);
      }
    }
    return found;
  }

  function scheduleRefresh(tokenHash: string, at: Date): void {
    if (due.has(tokenHash) || rereading.has(tokenHash)) return;
    due.add(tokenHash);
    if (at > refreshAt) refreshAt = at;
    if (!refreshTimer) startRefreshTimer();
  }

  function startRefreshTimer(): void {
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      const tokens = [...due].slice(0, SESSION_REFRESH_MAX_TOKENS);
      for (const token of tokens) {
        due.delete(token);
        rereading.add(token);
      }
      // A failed read changes nothing: the memory expires and the next request reads it.
      readSessions(tokens, refreshAt)
        .catch(() => undefined)
        .finally(() => {
          for (const token of tokens) rereading.delete(token);
        });
      if (due.size > 0) startRefreshTimer(); // more than one query's worth were due
    }, SESSION_REFRESH_GATHER_MS);
    refreshTimer.unref();
  }

  return {
    findMemberByUsername(merchantCode: string, username: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findMemberByMobile(
      merchantCode: string,
      dialingCode: string,
      mobileNum: string,
    ): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('country_dialing_code', '=', dialingCode)
        .where('mobile_num', '=', mobileNum)
        .executeTakeFirst();
    },

    findMemberById(id: number): Promise<MemberRow | undefined> {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Records the login and, for a real account, publishes `member.logged-in` with it. */
    async recordLogin(memberId: number, at: Date): Promise<{ firstLogin: boolean }> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('members')
          .select(['first_login_at', 'merchant_code', 'type'])
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('members')
          .set({ last_login_at: at, first_login_at: before.first_login_at ?? at })
          .where('id', '=', memberId)
          .execute();
        if (before.type !== MemberType.trial)
          await publish(trx, 'member.logged-in', {
            memberId,
            merchantCode: before.merchant_code,
            at: at.toISOString(),
          });
        return { firstLogin: before.first_login_at === null };
      });
    },

    async setPassword(memberId: number, passwordHash: string, at: Date): Promise<void> {
      await db
        .updateTable('members')
        .set({ password_hash: passwordHash, must_change_password: false, password_changed_at: at })
        .where('id', '=', memberId)
        .execute();
    },

    // ── failures ──
    /** Failures since `since` of this account, of this address, and of the pair (attempt-limiter.ts). */
    async countFailures(merchantCode: string, accountKey: string, ip: string, since: Date) {
      const isAccount = sql<boolean>`merchant_code = ${merchantCode} and account_key = ${accountKey}`;
      const isPair = sql<boolean>`merchant_code = ${merchantCode} and account_key = ${accountKey} and ip = ${ip}`;
      return db
        .selectFrom('login_failures')
        .select([
          sql<number>`count(*) filter (where ${isAccount})::int`.as('byAccount'),
          sql<number>`count(*) filter (where ${isPair})::int`.as('byPair'),
          sql<number>`count(*) filter (where ip = ${ip})::int`.as('byIp'),
          sql<Date | null>`max(created_at) filter (where ${isAccount})`.as('latestByAccount'),
          sql<Date | null>`min(created_at) filter (where ${isPair})`.as('oldestByPair'),
          sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('oldestByIp'),
        ])
        .where('created_at', '>', since)
        .where((eb) =>
          eb.or([
            eb.and([eb('merchant_code', '=', merchantCode), eb('account_key', '=', accountKey)]),
            eb('ip', '=', ip),
          ]),
        )
        .executeTakeFirstOrThrow();
    },

    async recordFailure(
      merchantCode: string,
      accountKey: string,
      ip: string,
      at: Date,
    ): Promise<void> {
      await db
        .insertInto('login_failures')
        .values({ merchant_code: merchantCode, account_key: accountKey, ip, created_at: at })
        .execute();
    },

    /** Forgets the failures of one address on this account (its owner just proved themselves from there). */
    async clearPairFailures(merchantCode: string, accountKey: string, ip: string): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where('merchant_code', '=', merchantCode)
        .where('account_key', '=', accountKey)
        .where('ip', '=', ip)
        .execute();
    },

    /** Forgets every failure on this account (its password was just reset through a code). */
    async clearFailures(merchantCode: string, accountKey: string): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where('merchant_code', '=', merchantCode)
        .where('account_key', '=', accountKey)
        .execute();
    },

    // ── sessions ──
    async insertSession(
      session: Omit<
        SessionRow,
        'id' | 'created_at' | 'last_seen_at' | 'ended_at' | 'reauthenticated_at'
      >,
    ): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ ...session, ended_at: null })
        .execute();
    },

    async findLiveSession(tokenHash: string, at: Date): Promise<LiveSession | undefined> {
      const hit = cache.get(tokenHash);
      const ageMs = hit ? at.getTime() - hit.cachedAtMs : Infinity;
      if (!hit || ageMs >= SESSION_CACHE_TTL_MS || hit.session.expires_at <= at)
        return (await readSessions([tokenHash], at)).get(tokenHash);
      if (ageMs >= SESSION_REFRESH_AFTER_MS) scheduleRefresh(tokenHash, at);
      return hit.session;
    },

    async touchSession(sessionId: number, at: Date, expiresAt: Date | null): Promise<void> {
      const token = tokenBySession.get(sessionId);
      const entry = token === undefined ? undefined : cache.get(token);
      if (entry) {
        entry.session.last_seen_at = at;
        if (expiresAt) entry.session.expires_at = expiresAt;
      }
      await db
        .updateTable('sessions')
        .set(expiresAt ? { last_seen_at: at, expires_at: expiresAt } : { last_seen_at: at })
        .where('id', '=', sessionId)
        .execute();
    },

    /**
     * Which of these sessions are still live (not ended, not expired, member active): read
     * straight from the table, without sliding their expiry, for holders of long-lived
     * connections (the realtime socket) that check in bulk.
     */
    async liveSessionIds(sessionIds: number[], at: Date): Promise<Set<number>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('sessions as s')
        .innerJoin('members as m', 'm.id', 's.member_id')
        .select('s.id')
        .where((eb) => eb('s.id', '=', eb.fn.any(eb.val(sessionIds))))
        .where('s.ended_at', 'is', null)
        .where('s.expires_at', '>', at)
        .where('m.status', '=', 'active')
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async endSession(sessionId: number, memberId: number, at: Date): Promise<boolean> {
      forgetSessions();
      const result = await db
        .updateTable('sessions')
        .set({ ended_at: at })
        .where('id', '=', sessionId)
        .where('member_id', '=', memberId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async endOtherSessions(
      memberId: number,
      keepSessionId: number | null,
      at: Date,
    ): Promise<void> {
      forgetSessions();
      let query = db
        .updateTable('sessions')
        .set({ ended_at: at })
        .where('member_id', '=', memberId)
        .where('ended_at', 'is', null);
      if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
      await query.execute();
    },

    async setSessionScope(sessionId: number, scope: 'full' | 'password_change'): Promise<void> {
      forgetSessions();
      await db.updateTable('sessions').set({ scope }).where('id', '=', sessionId).execute();
    },

    async markReauthenticated(sessionId: number, at: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ reauthenticated_at: at })
        .where('id', '=', sessionId)
        .execute();
    },

    async reauthenticatedAt(sessionId: number): Promise<Date | null> {
      const row = await db
        .selectFrom('sessions')
        .select('reauthenticated_at')
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return row?.reauthenticated_at ?? null;
    },

    listLiveSessions(memberId: number, at: Date) {
      return db
        .selectFrom('sessions')
        .select(['id', 'ip', 'device', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
        .where('member_id', '=', memberId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('last_seen_at', 'desc')
        .execute();
    },

    // ── known IPs and pending logins ──
    async knownIps(memberId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('member_known_ips')
        .select('ip')
        .where('member_id', '=', memberId)
        .execute();
      return rows.map((r) => r.ip);
    },

    async rememberIp(memberId: number, ip: string): Promise<void> {
      await db
        .insertInto('member_known_ips')
        .values({ member_id: memberId, ip })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async insertPendingLogin(row: {
      token_hash: string;
      member_id: number;
      ip: string;
      remember: boolean;
      agent_login: boolean;
      expires_at: Date;
    }) {
      await db
        .insertInto('pending_logins')
        .values({ ...row, used_at: null })
        .execute();
    },

    findPendingLogin(tokenHash: string) {
      return db
        .selectFrom('pending_logins')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async countPendingAttempt(tokenHash: string): Promise<void> {
      await db
        .updateTable('pending_logins')
        .set({ attempts: sql`attempts + 1` })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    async usePendingLogin(tokenHash: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('pending_logins')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setPaymentPassword(memberId: number, hash: string): Promise<void> {
      await db
        .updateTable('members')
        .set({ payment_password_hash: hash })
        .where('id', '=', memberId)
        .execute();
    },

    async setTotp(
      memberId: number,
      totp: { secret: string | null; enabledAt: Date | null },
    ): Promise<void> {
      await db
        .updateTable('members')
        .set({
          totp_secret: totp.secret,
          totp_enabled_at: totp.enabledAt,
          ...(totp.secret === null ? { totp_last_step: null } : {}),
        })
        .where('id', '=', memberId)
        .execute();
    },

    async acceptTotpStep(memberId: number, step: number): Promise<boolean> {
      // Only a step later than the last accepted one: a TOTP code is usable once (ASVS 2.8.4).
      const result = await db
        .updateTable('members')
        .set({ totp_last_step: step })
        .where('id', '=', memberId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
