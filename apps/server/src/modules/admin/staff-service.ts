import {
  STAFF_ROLES,
  type Operator,
  type StaffLoginStep,
  type StaffRole,
  type StaffSession,
} from '@banca/contracts';
import { AppError } from '../../http/errors';
import type { StaffCaller, StaffClient } from '../../http/scopes';
import {
  constantTimeEqual,
  hashPassword,
  isCommonPassword,
  matchTotp,
  newSecretToken,
  newTotpSecret,
  sha256,
  totpUri,
  verifyPassword,
  type AttemptLimiter,
  type AttemptTarget,
} from '../auth';
import type { AdminRepository, OperatorSort } from './repository';
import type { StaffAccountRow } from './tables';

/**
 * Staff sessions end after this long without a request (facts.md §4: 30 minutes idle), and
 * after STAFF_SESSION_ABSOLUTE_MS whatever happens: a working day, then sign in again.
 */
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A session in use is written at most this often (its idle expiry slides). */
const TOUCH_EVERY_MS = 60_000;
/** Between the password and the authenticator code: long enough to open an app and scan a QR. */
export const STAFF_PENDING_LOGIN_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in accepts; each also counts in the shared limiter. */
const STAFF_PENDING_MAX_ATTEMPTS = 5;
/**
 * The limiter's namespace for staff: its failures live beside members' (one table, one rule
 * set) under a merchant code no brand can have, so an operator and a member of the same name
 * never share a count.
 */
const STAFF_LIMITER_MERCHANT = '*staff';
/** The issuer an authenticator app shows beside the code. */
const TOTP_ISSUER = 'Banca console';

/** Columns the operators table may sort by; any other `sort` is validation_failed. */
export const OPERATOR_SORTS: readonly OperatorSort[] = [
  'id',
  'username',
  'created_at',
  'last_login_at',
];

export type StaffSignIn = { session: StaffSession; binding: string };

function toOperator(row: StaffAccountRow): Operator {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    roles: row.roles.filter((role): role is StaffRole =>
      (STAFF_ROLES as readonly string[]).includes(role),
    ),
    status: row.status,
    totpEnrolled: row.totp_enabled_at !== null,
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Roles in catalogue order, each once. */
function normaliseRoles(roles: readonly string[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => roles.includes(role));
}

/**
 * Staff accounts and how operators prove who they are (docs/admin-console.md): an argon2id
 * password, then always an authenticator code (the first sign-in enrols it), then a session
 * whose token is bound to an HttpOnly cookie and the browser. Every wrong password or code
 * counts in the members' limiter.
 */
export function createStaffService(deps: {
  repo: AdminRepository;
  attempts: AttemptLimiter;
  now?: () => number;
}) {
  const { repo, attempts } = deps;
  const now = deps.now ?? Date.now;

  function targetOf(username: string, ip: string): AttemptTarget {
    return { merchantCode: STAFF_LIMITER_MERCHANT, accountKey: username.toLowerCase(), ip };
  }

  /** Step 1: the password. Answers the authenticator step (enrolling one the first time). */
  async function login(
    input: { username: string; password: string },
    client: StaffClient,
  ): Promise<StaffLoginStep> {
    const target = targetOf(input.username, client.ip);
    await attempts.admit(target);
    const staff = await repo.findStaffByUsername(input.username);
    // Same work and the same answer whether or not the operator exists.
    const valid = await verifyPassword(staff?.password_hash ?? null, input.password);
    if (!staff || !valid) {
      await attempts.fail(target);
      throw new AppError('staff_login_failed');
    }
    if (staff.status !== 'active') throw new AppError('staff_account_disabled');
    // The pair's failures are forgotten only once the code is right too: knowing the password
    // must not buy fresh guesses at the code.
    const pendingToken = newSecretToken();
    const enrolSecret = staff.totp_secret ? null : newTotpSecret();
    await repo.insertPendingLogin({
      token_hash: sha256(pendingToken),
      staff_id: staff.id,
      ip: client.ip,
      enrol_secret: enrolSecret,
      expires_at: new Date(now() + STAFF_PENDING_LOGIN_MS),
    });
    if (!enrolSecret) return { step: 'totp', pendingToken };
    return {
      step: 'enrol',
      pendingToken,
      secret: enrolSecret,
      otpauthUrl: totpUri(enrolSecret, staff.username, TOTP_ISSUER),
    };
  }

  /** Step 2: the authenticator's code. Opens the session; `binding` goes into the cookie. */
  async function verifyTotp(
    input: { pendingToken: string; code: string },
    client: StaffClient,
  ): Promise<StaffSignIn> {
    const pending = await repo.findPendingLogin(sha256(input.pendingToken));
    if (
      !pending ||
      pending.used_at ||
      pending.expires_at.getTime() <= now() ||
      pending.attempts >= STAFF_PENDING_MAX_ATTEMPTS ||
      pending.ip !== client.ip
    )
      throw new AppError('staff_login_expired');
    const staff = await repo.findStaffById(pending.staff_id);
    if (!staff) throw new AppError('staff_login_expired');
    if (staff.status !== 'active') throw new AppError('staff_account_disabled');
    const target = targetOf(staff.username, client.ip);
    await attempts.admit(target);
    const secret = pending.enrol_secret ?? staff.totp_secret;
    const step = secret ? matchTotp(secret, input.code, now()) : null;
    const accepted =
      step !== null &&
      (await repo.acceptStaffTotpStep(
        staff.id,
        step,
        pending.enrol_secret ? { secret: pending.enrol_secret, at: new Date(now()) } : null,
      ));
    if (!accepted) {
      await repo.countPendingAttempt(pending.token_hash);
      await attempts.fail(target);
      throw new AppError('totp_invalid');
    }
    if (!(await repo.usePendingLogin(pending.token_hash, new Date(now()))))
      throw new AppError('staff_login_expired');
    await attempts.succeed(target);
    return openSession(await repo.recordStaffLogin(staff.id, new Date(now())), client);
  }

  async function openSession(staff: StaffAccountRow, client: StaffClient): Promise<StaffSignIn> {
    const token = newSecretToken();
    const binding = newSecretToken();
    const at = now();
    const absolute = new Date(at + STAFF_SESSION_ABSOLUTE_MS);
    const idle = new Date(at + STAFF_SESSION_IDLE_MS);
    await repo.insertSession({
      token_hash: sha256(token),
      binding_hash: sha256(binding),
      user_agent_hash: sha256(client.userAgent ?? ''),
      staff_id: staff.id,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      idle_expires_at: idle,
      absolute_expires_at: absolute,
    });
    return {
      binding,
      session: {
        token,
        idleExpiresAt: idle.toISOString(),
        absoluteExpiresAt: absolute.toISOString(),
        operator: toOperator(staff),
      },
    };
  }

  /**
   * The operator scope's resolver: the live session of a token, only with its binding cookie
   * and from the browser that signed in. A token presented without them is a copied token:
   * the session is ended, so its owner signs in again and the copy is worthless.
   */
  async function authenticate(token: string, client: StaffClient): Promise<StaffCaller | null> {
    if (token.length < 20 || token.length > 200) return null;
    const at = new Date(now());
    const row = await repo.findLiveSession(sha256(token), at);
    if (!row || row.status !== 'active') return null;
    const bound =
      client.binding !== null &&
      constantTimeEqual(row.binding_hash, sha256(client.binding)) &&
      constantTimeEqual(row.user_agent_hash, sha256(client.userAgent ?? ''));
    if (!bound) {
      await repo.endSession(row.sessionId, at);
      return null;
    }
    if (at.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      const idle = Math.min(
        at.getTime() + STAFF_SESSION_IDLE_MS,
        row.absolute_expires_at.getTime(),
      );
      await repo.touchSession(row.sessionId, at, new Date(idle));
    }
    return { staffId: row.staffId, roles: row.roles, sessionId: row.sessionId };
  }

  async function logout(sessionId: number): Promise<void> {
    await repo.endSession(sessionId, new Date(now()));
  }

  async function operator(id: number): Promise<Operator> {
    const row = await repo.findStaffById(id);
    if (!row) throw new AppError('operator_not_found');
    return toOperator(row);
  }

  async function listOperators(filter: {
    search?: string | undefined;
    sort: OperatorSort;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  }) {
    const { rows, total } = await repo.listStaff({
      search: filter.search,
      sort: filter.sort,
      order: filter.order,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { rows: rows.map(toOperator), page: filter.page, pageSize: filter.pageSize, total };
  }

  /** An owner creates an operator with a first password; the authenticator is enrolled at first sign-in. */
  async function createOperator(
    input: { username: string; displayName: string; password: string; roles: string[] },
    createdBy: number | null,
  ): Promise<Operator> {
    if (isCommonPassword(input.password)) throw new AppError('password_too_common');
    const row = await repo.insertStaff({
      username: input.username,
      display_name: input.displayName,
      password_hash: await hashPassword(input.password),
      roles: normaliseRoles(input.roles),
      created_by: createdBy,
    });
    if (!row) throw new AppError('operator_username_taken');
    return toOperator(row);
  }

  /**
   * Changes an operator's name, roles or status; answers before and after for the audit.
   * Disabling ends the operator's sessions at once. An owner cannot lock themselves out.
   */
  async function updateOperator(
    id: number,
    changes: {
      displayName?: string | undefined;
      roles?: string[] | undefined;
      status?: 'active' | 'disabled' | undefined;
    },
    actingStaffId: number,
  ): Promise<{ before: Operator; after: Operator }> {
    const current = await repo.findStaffById(id);
    if (!current) throw new AppError('operator_not_found');
    const roles = changes.roles ? normaliseRoles(changes.roles) : undefined;
    if (
      id === actingStaffId &&
      (changes.status === 'disabled' || (roles && !roles.includes('owner')))
    )
      throw new AppError('operator_self_lockout');
    const updated = await repo.updateStaff(id, {
      ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
      ...(roles ? { roles } : {}),
      ...(changes.status ? { status: changes.status } : {}),
    });
    if (!updated) throw new AppError('operator_not_found');
    if (changes.status === 'disabled') await repo.endStaffSessions(id, new Date(now()));
    return { before: toOperator(current), after: toOperator(updated) };
  }

  /** Forgets an operator's authenticator (a lost phone): their sessions end, the next sign-in enrols. */
  async function resetOperatorTotp(id: number): Promise<{ before: Operator; after: Operator }> {
    const current = await repo.findStaffById(id);
    if (!current) throw new AppError('operator_not_found');
    const updated = await repo.resetStaffTotp(id);
    if (!updated) throw new AppError('operator_not_found');
    await repo.endStaffSessions(id, new Date(now()));
    return { before: toOperator(current), after: toOperator(updated) };
  }

  return {
    login,
    verifyTotp,
    authenticate,
    logout,
    operator,
    listOperators,
    createOperator,
    updateOperator,
    resetOperatorTotp,
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
