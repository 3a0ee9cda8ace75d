import { ENDPOINTS } from '@banca/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  clearLoginFailures,
  freshUsername,
  lastCodeSentTo,
  pretendKnownIpIsElsewhere,
  registerMember,
  setCaptchaAnswer,
} from '../support/accounts';
import type { Locator } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession, type Page } from '../support/browser';
import { startPlatform, type RunningPlatform } from '../support/server';

/**
 * Accounts as players and agents meet them (issue "Accounts", web): sign up, log out and in,
 * the captcha after failed logins, a forgotten password, the forced change of a weak default
 * password, free play, the agent login, and the checks that stop bad input before it is sent.
 *
 * Failed logins count per IP for an hour and every journey here comes from the loopback
 * address, so the captcha journey runs last and forgets its failures afterwards.
 */
let platform: RunningPlatform;
let browser: BrowserSession | null = null;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});
afterEach(async (context) => {
  if (browser && context.task.result?.state === 'fail')
    await screenshot(browser.page, `failed-${context.task.name.replace(/\W+/g, '-')}`);
  await browser?.close();
  browser = null;
});

const url = (path = '/') => `http://localhost:${platform.port}${path}`;
const PASSWORD = 'Sorte@2026';

/** Logs in through the header's login dialog. */
async function logIn(
  page: Page,
  username: string,
  password: string,
  options: { remember?: boolean } = {},
) {
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  if (options.remember) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
}

/** The message tied to a field (aria-describedby), or '' when it has none. */
async function messageBeside(field: Locator): Promise<string> {
  const id = await field.getAttribute('aria-describedby');
  return id ? field.page().locator(`[id="${id}"]`).innerText() : '';
}

async function memberName(page: Page): Promise<string> {
  await page.getByTestId('header-account').waitFor();
  return page.getByTestId('header-member-name').innerText();
}

describe('a new player', () => {
  it('registers by username, is logged in, logs out and logs back in', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const username = freshUsername('joana');
    await page.goto(url('/'));
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('header-register').click();
    await page.getByTestId('register-form').waitFor();
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirmPassword').fill(PASSWORD);
    await page.getByTestId('register-email').fill(`${username}@example.com`);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-age').check();
    await screenshot(page, 'accounts-register-filled-1440');
    await page.getByTestId('register-submit').click();

    expect(await memberName(page)).toBe(username);
    await page.getByTestId('register-dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('header-login').count()).toBe(0);

    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').waitFor();
    await screenshot(page, 'accounts-member-menu-1440');
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('logout-dialog').waitFor();
    expect(await page.getByTestId('logout-dialog').innerText()).toContain(
      'Tem certeza de que deseja sair',
    );
    await page.getByTestId('logout-confirm').click();
    await page.getByTestId('header-login').waitFor();
    expect(await page.getByTestId('header-account').count()).toBe(0);

    // Back in, with "remember me": a new tab finds the session too.
    await logIn(page, username, PASSWORD, { remember: true });
    expect(await memberName(page)).toBe(username);
    const secondTab = await browser.context.newPage();
    await secondTab.goto(url('/'));
    expect(await memberName(secondTab)).toBe(username);
    await secondTab.close();
  });
});

describe('a member who forgot the password', () => {
  it('gets a code by e-mail, sets a new password and is logged in', async () => {
    const username = freshUsername('rita');
    const email = `${username}@example.com`;
    await registerMember(platform.baseUrl, { username, password: PASSWORD, email });
    browser = await openBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await page.goto(url('/login'));
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('forgot-email-form').waitFor();
    await page.getByTestId('forgot-username').fill(username);
    await page.getByTestId('forgot-email').fill(`nobody-${email}`);
    await page.getByTestId('forgot-email-submit').click();
    await expect
      .poll(() => page.getByTestId('form-error').innerText())
      .toBe('Nome de usuário ou e-mail não existe.');

    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-email-submit').click();
    await page.getByTestId('forgot-reset-form').waitFor();
    expect(await page.getByTestId('forgot-email-sent').innerText()).toContain(email);
    await screenshot(page, 'accounts-forgot-code-390');

    await page.getByTestId('forgot-code').fill(await lastCodeSentTo(platform.db, email));
    await page.getByTestId('forgot-new-password').fill('Nova@Senha9');
    await page.getByTestId('forgot-confirm-password').fill('Nova@Senha9');
    await page.getByTestId('forgot-reset-submit').click();
    await page.getByTestId('header-account').waitFor();
    await page.getByTestId('forgot-dialog').waitFor({ state: 'detached' });
    // At 390 px the header shows only the avatar; its menu names the member.
    await page.getByTestId('member-menu-button').click();
    expect(await page.getByTestId('member-menu').innerText()).toContain(`@${username}`);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('a member with the weak default password', () => {
  it('must change it before anything else, in a dialog that cannot be dismissed', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(url('/'));
    await page.getByTestId('home-page').waitFor();
    await logIn(page, 'novato', '123456');
    const dialog = page.getByTestId('change-password-dialog');
    await page.getByTestId('change-password-forced').waitFor();
    expect(await dialog.innerText()).toContain('troque a senha padrão');
    // No close button; Escape and a click outside leave it open.
    expect(await dialog.getByTestId('dialog-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByTestId('header-account').count()).toBe(0);
    await screenshot(page, 'accounts-forced-change-1440');

    await page.getByTestId('change-new-password').fill('Novato@2026');
    await page.getByTestId('change-confirm-password').fill('Novato@2027');
    await page.getByTestId('change-password-submit').click();
    await expect
      .poll(() => dialog.getByTestId('field-error').innerText())
      .toBe('As duas senhas digitadas são inconsistentes.');
    await page.getByTestId('change-confirm-password').fill('Novato@2026');
    await page.getByTestId('change-password-submit').click();
    expect(await memberName(page)).toBe('novato');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('a visitor who wants to try first', () => {
  it('plays for free as a trial member, who must register before opening the member centre', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(url('/login'));
    await page.getByTestId('login-free-play').click();
    await page.getByTestId('header-account').waitFor();
    await page.getByTestId('member-menu-button').click();
    expect(await page.getByTestId('member-menu').innerText()).toContain('Conta de teste');
    await page.getByTestId('menu-account').click();
    const notice = page.getByTestId('trial-dialog');
    await notice.waitFor();
    expect(await page.getByTestId('trial-message').innerText()).toBe(
      'Registre uma conta real primeiro.',
    );
    expect(await page.getByTestId('security-centre').count()).toBe(0);
    await screenshot(page, 'accounts-trial-notice-1440');
    await page.getByTestId('trial-ok').click();
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('the agent login page', () => {
  it('turns a player away and lets an agent into the agent centre', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(url('/agent'));
    await page.getByTestId('agent-login-page').waitFor();
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill('demo@2026');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('form-error').innerText())
      .toBe('Somente agentes podem entrar aqui.');
    expect(new URL(page.url()).pathname).toBe('/agent');

    await page.getByTestId('login-username').fill('agente');
    await page.getByTestId('login-password').fill('agente@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('agent-home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agentHome');
    expect(await page.getByTestId('agent-home-member').innerText()).toContain('Agente Demo');
    await screenshot(page, 'accounts-agent-home-1440');

    await page.getByTestId('agent-logout').click();
    await page.getByTestId('logout-confirm').click();
    await page.getByTestId('agent-login-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent');
  });
});

describe('a login from a new place', () => {
  it('is held until the member confirms a code sent by e-mail', async () => {
    const username = freshUsername('lia');
    const email = `${username}@example.com`;
    await registerMember(platform.baseUrl, {
      username,
      password: PASSWORD,
      email,
      merchant: 'VERIFY',
    });
    await pretendKnownIpIsElsewhere(platform.db, 'VERIFY', username);
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`http://verify.localhost:${platform.port}/login`);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    const step = page.getByTestId('login-verification');
    await step.waitFor();
    expect(await step.innerText()).toContain('Confirme que é você');
    expect(await page.getByTestId('header-account').count()).toBe(0);

    await page.getByTestId('verify-send-code').click();
    await expect.poll(() => page.getByTestId('verify-send-code').isDisabled()).toBe(true);
    await page.getByTestId('verify-code').fill('000000');
    await page.getByTestId('verify-submit').click();
    await expect
      .poll(() => step.getByTestId('field-error').innerText())
      .toBe('Falha na verificação.');
    await screenshot(page, 'accounts-login-verification-1440');

    await page.getByTestId('verify-code').fill(await lastCodeSentTo(platform.db, email));
    await page.getByTestId('verify-submit').click();
    expect(await memberName(page)).toBe(username);
  });
});

describe('bad input', () => {
  it('is stopped beside the field before anything is sent, and server refusals land there too', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ENDPOINTS.members.register.path))
        registrations.push(request.url());
    });
    await page.goto(url('/register'));
    await page.getByTestId('register-form').waitFor();

    // The brand's username rule (a letter first, 4 to 16 letters and digits), checked on blur.
    const username = page.getByTestId('register-username');
    await username.fill('9vidas');
    await username.press('Tab');
    const usernameError = page.getByTestId('register-form').getByTestId('field-error').first();
    await expect
      .poll(() => usernameError.innerText())
      .toBe('Comece com uma letra e use letras e números, de 4 a 16 caracteres.');
    expect(await messageBeside(username)).toContain('Comece com uma letra');
    expect(await username.getAttribute('aria-invalid')).toBe('true');

    // Submitting shows every rule at once and sends nothing.
    await page.getByTestId('register-password').fill('abc');
    await page.getByTestId('register-confirmPassword').fill('abd');
    await page.getByTestId('register-submit').click();
    const messages = await page
      .getByTestId('register-form')
      .getByTestId('field-error')
      .allInnerTexts();
    expect(messages).toContain('As duas senhas digitadas são inconsistentes.');
    expect(messages).toContain('Aceite os termos de serviço e a política de privacidade.');
    expect(messages).toContain('Confirme que você tem 18 anos ou mais.');
    await screenshot(page, 'accounts-register-errors-1440');
    expect(registrations).toEqual([]);

    // An invitation code is checked first; a bad one stops the registration beside its field.
    await username.fill(freshUsername('bia'));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirmPassword').fill(PASSWORD);
    await page.getByTestId('register-affiliateCode').fill('NAOEXISTE1');
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-age').check();
    await page.getByTestId('register-submit').click();
    const affiliate = page.getByTestId('register-affiliateCode');
    await expect.poll(() => affiliate.getAttribute('aria-invalid')).toBe('true');
    expect(await messageBeside(affiliate)).toBe('Código de convite inválido.');
    expect(registrations).toEqual([]);

    // Mobile registration: the phone rule on the client, then the server's refusal of a number
    // already registered, beside the phone field.
    await page.getByTestId('register-tab-mobile').click();
    const mobile = page.getByTestId('register-mobileNum');
    await mobile.fill('123');
    await mobile.press('Tab');
    await expect.poll(() => mobile.getAttribute('aria-invalid')).toBe('true');
    expect(await messageBeside(mobile)).toBe('Use somente números, de 10 a 11 dígitos.');
    await mobile.fill('11987654321');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirmPassword').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-age').check();
    await page.getByTestId('register-submit').click();
    await expect
      .poll(() => messageBeside(mobile))
      .toBe('Este número de celular já está cadastrado.');
    expect(registrations).toHaveLength(1);

    // SMS login: an invalid number is refused before a code is asked for.
    await page.getByTestId('register-to-login').click();
    await page.getByTestId('login-tab-sms').click();
    await page.getByTestId('sms-mobile').fill('12');
    await page.getByTestId('sms-send-code').click();
    await expect
      .poll(() => page.getByTestId('sms-login-form').getByTestId('field-error').innerText())
      .toBe('Digite um número de celular válido.');
  });
});

describe('repeated failed logins', () => {
  it('bring up a captcha, which then lets the right password in', async () => {
    // A visitor with a clean slate: earlier journeys' failures from this address do not count.
    await clearLoginFailures(platform.db);
    const username = freshUsername('caio');
    await registerMember(platform.baseUrl, { username, password: PASSWORD });
    browser = await openBrowser();
    const { page } = browser;
    const captchaIds: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === ENDPOINTS.auth.captcha.path)
        captchaIds.push(response.headers()['x-captcha-id'] ?? '');
    });
    await page.goto(url('/login'));
    await page.getByTestId('login-username').fill(username);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.getByTestId('login-password').fill(`errada${attempt}`);
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === ENDPOINTS.auth.login.path,
      );
      await page.getByTestId('login-submit').click();
      await answered;
      await expect
        .poll(() => page.getByTestId('form-error').innerText())
        .toBe('Usuário ou senha incorretos.');
    }
    await page.getByTestId('captcha-image').waitFor();
    expect(await page.getByTestId('captcha-image').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await screenshot(page, 'accounts-login-captcha-1440');

    // Without the answer the form says so beside the captcha and sends nothing.
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('captcha').getByTestId('field-error').innerText())
      .toBe('Digite o captcha.');

    await expect.poll(() => captchaIds.length).toBeGreaterThan(0);
    await setCaptchaAnswer(platform.db, captchaIds.at(-1)!, 'abcd');
    await page.getByTestId('login-captcha').fill('abcd');
    await page.getByTestId('login-submit').click();
    expect(await memberName(page)).toBe(username);
    await clearLoginFailures(platform.db);
  });
});
