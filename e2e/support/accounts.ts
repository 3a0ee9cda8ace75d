import { encryptBody, ENDPOINTS, type Endpoint } from '@banca/contracts';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import type { Db } from '../../apps/server/src/db/connect';

/**
 * Account fixtures for the journeys: members made through the same public API the web app
 * uses (encrypted registration), so a journey can start from "a member who exists" without
 * clicking through sign-up again.
 */

/** Free play from the login page: signed in as a new guest, the header's balance loaded. */
export async function playFreely(page: Page, loginUrl: string): Promise<void> {
  await page.goto(loginUrl);
  await page.getByTestId('login-free-play').click();
  await page.getByTestId('header-account').waitFor();
  await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
}

/** A username the demo brand's rule accepts (a letter first, then letters and digits, 4–16). */
export function freshUsername(prefix: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return `${prefix}${suffix}`.replace(/[^a-z0-9]/gi, '').slice(0, 16);
}

async function gateway<T>(
  baseUrl: string,
  { method, path }: Endpoint,
  init: { body?: unknown; merchant?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-gateway-version': '3',
      device: 'web',
      ...(init.merchant ? { merchant: init.merchant } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await response.json()) as {
    success: boolean;
    value?: T;
    code?: string;
    message?: string;
  };
  if (!envelope.success) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.value as T;
}

/**
 * Registers a member by username (with an e-mail when given), as the register dialog would;
 * on the demo brand unless `merchant` names another.
 */
export async function registerMember(
  baseUrl: string,
  member: { username: string; password: string; email?: string; merchant?: string },
): Promise<void> {
  const key = await gateway<{ kid: string; jwk: Record<string, unknown> }>(
    baseUrl,
    ENDPOINTS.auth.rsaKey,
    { merchant: member.merchant },
  );
  const payload = {
    username: member.username,
    password: member.password,
    confirmPassword: member.password,
    ...(member.email ? { email: member.email } : {}),
    acceptTerms: true,
    login: true,
    registerMethod: 'WEB',
  };
  await gateway(baseUrl, ENDPOINTS.members.register, {
    body: await encryptBody(payload, key),
    merchant: member.merchant,
  });
}

/** The 6-digit code of the newest message the development outbox holds for a destination. */
export async function lastCodeSentTo(db: Db, destination: string): Promise<string> {
  const row = await db
    .selectFrom('outbox_messages')
    .select(['body'])
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in the message to ${destination}: ${row.body}`);
  return code;
}

/**
 * Gives a captcha a known answer, so a journey can pass it without reading the image: the
 * server stores the SHA-256 of the lower-cased answer.
 */
export async function setCaptchaAnswer(db: Db, captchaId: string, answer: string): Promise<void> {
  const result =
    await sql`UPDATE captchas SET answer_hash = encode(sha256(convert_to(${answer}::text, 'UTF8')), 'hex') WHERE id = ${captchaId}`.execute(
      db,
    );
  if (Number(result.numAffectedRows ?? 0) !== 1) throw new Error(`captcha ${captchaId} not found`);
}

/**
 * Makes the member's only known IP some other address, so a login from this machine counts as
 * coming from a new place (the brand's extra login verification).
 */
export async function pretendKnownIpIsElsewhere(
  db: Db,
  merchantCode: string,
  username: string,
): Promise<void> {
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('member_known_ips').where('member_id', '=', member.id).execute();
  await db
    .insertInto('member_known_ips')
    .values({ member_id: member.id, ip: '203.0.113.9' })
    .execute();
}

/** Forgets every failed login, so the loopback IP needs no captcha in later journeys. */
export async function clearLoginFailures(db: Db): Promise<void> {
  await db.deleteFrom('login_failures').execute();
}
