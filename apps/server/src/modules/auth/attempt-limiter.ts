import { AppError } from '../../http/errors';
import type { AuthRepository } from './repository';

/** Failures in this sliding window count. */
export const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** From this many recent failures of the account (from anywhere), or of the address (on any account), a login needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/**
 * Failures of one account from one address before that address may not try that account for
 * the rest of the hour. Per pair, so a stranger's guessing locks the stranger out, not the owner.
 */
export const LOCK_AFTER_PAIR_FAILURES = 10;
/** Failures from one address, over every account, before that address may try none. */
export const LOCK_AFTER_IP_FAILURES = 100;
/**
 * From this many failures of one account (over every address) on, each attempt waits a delay
 * after the account's last failure, doubling from 1 s up to MAX_ACCOUNT_DELAY_MS. With the delay
 * capped at 60 s, one account sees at most about 30 + 6 + 59 = 95 failures in any hour: inside
 * ASVS 2.2.1's 100, whatever the number of addresses. The owner waits at most a minute.
 */
export const DELAY_AFTER_ACCOUNT_FAILURES = 30;
export const MAX_ACCOUNT_DELAY_MS = 60_000;

/** Who is trying a secret: the account's name (as typed, lower-cased) and the client's address. */
export type AttemptTarget = { merchantCode: string; accountKey: string; ip: string };

export function accountDelayMs(accountFailures: number): number {
  if (accountFailures < DELAY_AFTER_ACCOUNT_FAILURES) return 0;
  return Math.min(
    MAX_ACCOUNT_DELAY_MS,
    1000 * 2 ** (accountFailures - DELAY_AFTER_ACCOUNT_FAILURES),
  );
}

/**
 * The one brute-force limiter of every secret check (ASVS 2.2.1): the login password, and behind
 * a session the old password, the payment password, authenticator codes and re-authentication.
 * All count into the same failures, so guessing through a stolen session costs what guessing
 * at the login form does.
 */
export function createAttemptLimiter(repo: AuthRepository, now: () => number = Date.now) {
  /** Refuses the attempt when this pair, address or account is over its limit; says whether a captcha is due. */
  async function admit(
    target: AttemptTarget,
  ): Promise<{ captchaNeeded: boolean; failures: number }> {
    const at = now();
    const failures = await repo.countFailures(
      target.merchantCode,
      target.accountKey,
      target.ip,
      new Date(at - FAILURE_WINDOW_MS),
    );
    const lockedSince =
      failures.byPair >= LOCK_AFTER_PAIR_FAILURES
        ? failures.oldestByPair
        : failures.byIp >= LOCK_AFTER_IP_FAILURES
          ? failures.oldestByIp
          : null;
    if (lockedSince) {
      const retryMs = new Date(lockedSince).getTime() + FAILURE_WINDOW_MS - at;
      throw new AppError('login_locked', {
        params: { retryAfterMinutes: Math.max(1, Math.ceil(retryMs / 60_000)) },
      });
    }
    const delayMs = accountDelayMs(failures.byAccount);
    if (delayMs > 0 && failures.latestByAccount) {
      const waitMs = new Date(failures.latestByAccount).getTime() + delayMs - at;
      if (waitMs > 0)
        throw new AppError('login_throttled', {
          params: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
          data: { captcha: true },
        });
    }
    return {
      captchaNeeded: Math.max(failures.byAccount, failures.byIp) >= CAPTCHA_AFTER_FAILURES,
      failures: Math.max(failures.byAccount, failures.byIp),
    };
  }

  /** Records a wrong secret. */
  async function fail(target: AttemptTarget): Promise<void> {
    await repo.recordFailure(target.merchantCode, target.accountKey, target.ip, new Date(now()));
  }

  /** A right secret from this address: its own failures on the account are forgotten, the others stay. */
  async function succeed(target: AttemptTarget): Promise<void> {
    await repo.clearPairFailures(target.merchantCode, target.accountKey, target.ip);
  }

  /**
   * Checks a secret under the limiter: refused up front when over a limit, counted when wrong
   * (answering `wrongCode`, the same for every wrong secret of that kind), forgotten when right.
   */
  async function check(
    target: AttemptTarget,
    verify: () => Promise<boolean>,
    wrongCode:
      | 'old_password_incorrect'
      | 'payment_password_incorrect'
      | 'totp_invalid'
      | 'verification_failed',
  ): Promise<void> {
    await admit(target);
    if (!(await verify())) {
      await fail(target);
      throw new AppError(wrongCode);
    }
    await succeed(target);
  }

  return { admit, fail, succeed, check };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
