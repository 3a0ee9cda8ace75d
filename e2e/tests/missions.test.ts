import { ENDPOINTS } from '@banca/contracts';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshUsername, registerMember } from '../support/accounts';
import { openBrowser, screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Missions and invite-a-friend in a real browser (issue 17 §2, §4): a member sees a daily
 * mission, completes it by rolling dice, finds it counted in the member menu's badge, claims it
 * (the badge goes, the balance and the leaderboard move); a member shares the invite link, a
 * friend opens it in another browser (the code pre-filled), registers and deposits with PIX on
 * the sandbox, and the referrer sees the friend qualified and the reward.
 */
const journey = useJourney();
const PASSWORD = 'Missao@2026';

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto(journey.url('/'));
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
}

async function serverBalanceMinor(page: Page): Promise<number> {
  return page.evaluate(async (path) => {
    const answer = await fetch(path, {
      headers: {
        authorization: sessionStorage.getItem('token') ?? '',
        'x-gateway-version': '3',
        device: 'web',
        language: 'pt-BR',
      },
    });
    const body = (await answer.json()) as { value: { main: { balanceMinor: number } } };
    return body.value.main.balanceMinor;
  }, ENDPOINTS.wallet.balances.path);
}

/** The journeys' platform runs no delivery loop (main.ts starts one): deliver as it would. */
async function deliverEvents(): Promise<void> {
  while ((await journey.platform.app.events.deliverPending()) > 0);
}

async function memberId(username: string): Promise<number> {
  const row = await journey.platform.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new member with R$ 20 to play with (as an operator's manual adjustment would give it). */
async function fundedMember(prefix: string): Promise<string> {
  const username = freshUsername(prefix);
  await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
  await journey.platform.app.services.wallet.adjust({
    member: { memberId: await memberId(username), merchantCode: 'BANCA', currency: 'BRL' },
    amountMinor: 20_00,
    reason: 'journey credit',
    operatorId: 'journey',
    idempotencyKey: `missions-journey-${username}`,
  });
  return username;
}

/** One dice roll of R$ 1,00 (a settled round of R$ 1,00 in valid bets), counted by missions. */
async function rollDice(page: Page): Promise<void> {
  await page.goto(journey.url('/originals/BGS_DICE'));
  await page.getByTestId('house-game').waitFor();
  await page.getByTestId('house-bet').click();
  await page.getByTestId('house-result').waitFor();
  // The settled round reaches the missions through the event bus.
  await deliverEvents();
}

describe('missions and invite a friend', () => {
  it('completes a daily mission by rolling dice and claims it', async () => {
    const { services } = journey.platform.app;
    // The operator's mission, as the console's missions desk saves it.
    const mission = await services.missions.admin.create({
      merchantCode: 'BANCA',
      titles: { 'pt-BR': 'Aposte R$ 1 nos Originais', en: 'Bet R$ 1 on the Originals' },
      kind: 'bet',
      periodType: 'daily',
      target: 1_00,
      rewardKind: 'cash',
      rewardMinor: 2_00,
      missionPoints: 25,
      // Its own end date, two days from now: the card says when it ends.
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const username = await fundedMember('mis');
    const { page } = await journey.openBrowser();
    await logIn(page, username);

    await page.goto(journey.url('/member?page=missionLeaderboard'));
    const card = page.getByTestId(`mission-${mission.id}`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('in_process');
    expect(await text(card.getByTestId('mission-progress'))).toBe('R$ 0,00 de R$ 1,00');
    expect(await card.getByTestId('mission-claim').isDisabled()).toBe(true);
    expect(await text(card.getByTestId('mission-ends'))).toMatch(/^Termina em \d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByTestId('member-missions-count').count()).toBe(0);
    await screenshot(page, 'missions-in-process');

    // Play: one dice roll of R$ 1,00 settles a round of R$ 1,00 in valid bets.
    await rollDice(page);

    await page.goto(journey.url('/member?page=missionLeaderboard'));
    await page.locator(`[data-testid="mission-${mission.id}"][data-status="claimable"]`).waitFor({
      timeout: 15_000,
    });
    expect(await text(page.getByTestId('member-missions-count').first())).toBe('1');
    await screenshot(page, 'missions-claimable');
    const before = await serverBalanceMinor(page);
    await card.getByTestId('mission-claim').click();
    await page.locator(`[data-testid="mission-${mission.id}"][data-status="claimed"]`).waitFor();
    await page.getByTestId('member-missions-count').waitFor({ state: 'detached' });
    expect((await serverBalanceMinor(page)) - before).toBe(2_00);
    await screenshot(page, 'missions-claimed');

    // The leaderboard: the member's 25 mission points of the week, and their rank.
    await page.getByTestId('missions-tab-leaderboard').click();
    const me = page.getByTestId('leaderboard-me');
    await me.waitFor();
    expect(await text(me)).toMatch(/^Sua posição: \d+º com 25 pontos$/);
    await screenshot(page, 'missions-leaderboard');
  }, 120_000);

  it('an ended mission keeps the reward earned before its end claimable, then leaves', async () => {
    const { services } = journey.platform.app;
    const rules = {
      titles: { 'pt-BR': 'Semana dos Originais', en: 'Originals week' },
      kind: 'bet' as const,
      periodType: 'once' as const,
      target: 1_00,
      rewardKind: 'cash' as const,
      rewardMinor: 3_00,
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    };
    const mission = await services.missions.admin.create({
      merchantCode: 'BANCA',
      ...rules,
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const username = await fundedMember('mie');
    const { page } = await journey.openBrowser();
    await logIn(page, username);
    await rollDice(page);

    // The operator ends it now: the reward earned inside the window waits a week for its claim.
    await services.missions.admin.update(mission.id, {
      ...rules,
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await page.goto(journey.url('/member?page=missionLeaderboard'));
    const card = page.locator(`[data-testid="mission-${mission.id}"][data-ended="true"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('claimable');
    expect(await text(card.getByTestId('mission-ended'))).toMatch(
      /^Encerrada: resgate até \d{2}\/\d{2}\/\d{4}/,
    );
    await screenshot(page, 'missions-ended-claimable');
    const before = await serverBalanceMinor(page);
    await card.getByTestId('mission-claim').click();
    // Claimed: an ended mission has nothing more to offer, so its card leaves the page.
    await page.getByTestId(`mission-${mission.id}`).waitFor({ state: 'detached' });
    expect((await serverBalanceMinor(page)) - before).toBe(3_00);
  }, 120_000);

  it('a friend registers with the invite link and deposits; the referrer sees the reward', async () => {
    const { services } = journey.platform.app;
    // The operator's referral rules, as the console's referrals desk saves them. Every browser
    // here reaches the platform from 127.0.0.1, so the same-address rule is left off (the
    // server tests check it); the same device still blocks, and the friend's browser is
    // another device (its own screen size).
    await services.referral.admin.saveSettings('BANCA', {
      enabled: true,
      minDepositMinor: 50_00,
      minTurnoverMinor: 0,
      rewardKind: 'cash',
      rewardMinor: 10_00,
      wageringMultiple: 0,
      blockSameIp: false,
    });
    const referrerName = freshUsername('ref');
    await registerMember(journey.platform.baseUrl, { username: referrerName, password: PASSWORD });
    const { page } = await journey.openBrowser();
    await logIn(page, referrerName);
    await page.goto(journey.url('/member?page=referral'));
    const linkBox = page.getByTestId('referral-link');
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    const code = await text(page.getByTestId('referral-code'));
    expect(link).toBe(journey.url(`/register?referralCode=${code}`));
    expect(await page.locator('[data-testid="referral-qr"] svg').count()).toBe(1);
    await screenshot(page, 'referral-share');

    const friend = await openBrowser({ width: 1280, height: 800 });
    try {
      const friendName = freshUsername('ami');
      await friend.page.goto(link);
      await friend.page.getByTestId('register-form').waitFor();
      expect(await friend.page.getByTestId('register-referralCode').inputValue()).toBe(code);
      await friend.page.getByTestId('register-username').fill(friendName);
      await friend.page.getByTestId('register-password').fill(PASSWORD);
      await friend.page.getByTestId('register-confirmPassword').fill(PASSWORD);
      await friend.page.getByTestId('register-terms').check();
      await friend.page.getByTestId('register-age').check();
      await friend.page.getByTestId('register-submit').click();
      await friend.page.getByTestId('register-dialog').waitFor({ state: 'detached' });
      await friend.page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
      await deliverEvents();

      await page.reload();
      const row = page.getByTestId('referral-friends').locator('tbody tr').first();
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('registered');

      // The friend's first deposit: R$ 50 by PIX, paid on the sandbox's page.
      await friend.page.goto(journey.url('/member?page=depositv2'));
      await friend.page.getByRole('button', { name: 'R$ 50', exact: true }).click();
      await friend.page.getByTestId('deposit-submit').click();
      await friend.page.locator('[data-testid="active-deposit"][data-status="pending"]').waitFor();
      const copiaECola = await friend.page.getByTestId('charge-code').inputValue();
      const bank = await friend.context.newPage();
      await bank.goto(`${journey.platform.pixSandboxUrl}/pay`);
      await bank.locator('#code').fill(copiaECola);
      await bank.getByTestId('open').click();
      await bank.getByTestId('pay').click();
      await bank.getByTestId('paid').waitFor();
      await friend.page.getByTestId('deposit-success').waitFor({ timeout: 15_000 });
      // The credited deposit reaches the referral through the event bus; the friend qualifies,
      // which completes the referrer's demo mission "Convide 1 amigo" (demo/missions.ts): it is
      // pushed to the referrer's open page (MISSION), whose toast is watched from before.
      const toast = page.getByTestId('toast').filter({ hasText: 'Convide 1 amigo' });
      const toastShown = toast.waitFor({ timeout: 20_000 });
      await deliverEvents();
      await toastShown;
      expect(await text(toast)).toContain(
        'Missão concluída: Convide 1 amigo. Resgate sua recompensa em Missões.',
      );
    } catch (error) {
      await screenshot(friend.page, 'failed-referral-friend');
      throw error;
    } finally {
      await friend.close();
    }

    // The push moved the member menu's badge without a reload (nothing else was claimable).
    await expect
      .poll(async () => (await page.getByTestId('member-missions-count').count()) > 0)
      .toBe(true);
    expect(await text(page.getByTestId('member-missions-count').first())).toBe('1');
    await screenshot(page, 'referral-mission-pushed');

    // The referrer: the friend qualified, the reward in the balance, without asking anyone.
    await page.reload();
    await page
      .locator('[data-testid="referral-friends"] tbody tr[data-status="qualified"]')
      .waitFor({ timeout: 15_000 });
    expect(await text(page.getByTestId('referral-earned'))).toBe('R$ 10,00');
    expect(await text(page.getByTestId('referral-count-qualified'))).toBe('1');
    // The referrer never deposited: the balance is the reward.
    expect(await serverBalanceMinor(page)).toBe(10_00);
    await screenshot(page, 'referral-friend-qualified');
  }, 150_000);

  it('an operator adds a mission and sets the referral rules at the console, both audited', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/admin'));
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();

    await page.getByTestId('desk-link-missions').click();
    await page.getByTestId('missions-desk').waitFor();
    await page.getByTestId('mission-new').click();
    const dialog = page.getByTestId('mission-dialog');
    await dialog.getByLabel('Título (pt-BR)').fill('Ganhe 3 rodadas no dia');
    await dialog.getByLabel('Título (en)').fill('Win 3 rounds in a day');
    await dialog.getByTestId('mission-kind').selectOption('win');
    await dialog.getByTestId('mission-target').fill('3');
    await dialog.getByTestId('mission-rewardKind').selectOption('points');
    await dialog.getByTestId('mission-reward').fill('500');
    await dialog.getByLabel('Pontos no ranking').fill('10');
    // Its own dates: an end before the start is shown wrong and not saved.
    await dialog.getByTestId('mission-startsAt').fill('2030-01-01T10:00');
    await dialog.getByTestId('mission-endsAt').fill('2029-12-31T10:00');
    await dialog.getByTestId('mission-save').click();
    await dialog.getByText('O fim deve ser depois do início.').waitFor();
    await screenshot(page, 'missions-desk-window-invalid');
    await dialog.getByTestId('mission-endsAt').fill('2030-01-08T10:00');
    await screenshot(page, 'missions-desk-dialog');
    await dialog.getByTestId('mission-save').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('missions-table').getByText('Ganhe 3 rodadas no dia');
    await row.waitFor();
    await screenshot(page, 'missions-desk');
    const made = (await journey.platform.app.services.missions.admin.list('BANCA')).find(
      (m) => m.titles['pt-BR'] === 'Ganhe 3 rodadas no dia',
    )!;
    expect(Date.parse(made.endsAt!) - Date.parse(made.startsAt!)).toBe(7 * 86_400_000);

    await page.getByTestId('desk-link-referral').click();
    await page.getByTestId('referral-desk').waitFor();
    await page.getByTestId('referral-min-deposit').fill('30,00');
    await page.getByTestId('referral-reward').fill('15,00');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/admin/api/referral/settings') && r.request().method() === 'PUT',
    );
    await page.getByTestId('referral-save').click();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'referral-desk');

    const settings = await journey.platform.app.services.referral.admin.settings('BANCA');
    expect(settings).toMatchObject({ minDepositMinor: 30_00, rewardMinor: 15_00 });
    const audit = await journey.platform.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', 'in', ['mission.create', 'referral.settings'])
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual(['mission.create', 'referral.settings']);
  }, 90_000);
});
