import { describe, expect, it } from 'vitest';
import { freshUsername, lastCodeSentTo, registerMember } from '../support/accounts';
import { screenshot } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Changing a recovery channel in the member centre (issue 10 §1): the page asks for the
 * password again, then for the code sent to the new address, and only then saves it; the old
 * address is told.
 */
const journey = useJourney();

const url = journey.url;
const PASSWORD = 'Cofre@2026';

describe('a member changing the e-mail', () => {
  it('confirms with the password and a code sent to the new address', async () => {
    const username = freshUsername('cofre');
    const oldEmail = `${username}@old.example`;
    const newEmail = `${username}@new.example`;
    await registerMember(journey.platform.baseUrl, {
      username,
      password: PASSWORD,
      email: oldEmail,
    });

    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(url('/'));
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-account').waitFor();

    await page.goto(url('/member'));
    await page.getByTestId('profile-card').waitFor();
    await page.getByTestId('profile-email').fill(newEmail);
    await page.getByTestId('profile-save').click();

    // First the password: a wrong one is refused beside the field.
    const reauth = page.getByTestId('reauth-dialog');
    await reauth.waitFor();
    await screenshot(page, 'account-security-reauth-1440');
    await page.getByTestId('reauth-password').fill('not-my-password');
    await page.getByTestId('reauth-confirm').click();
    await expect.poll(() => reauth.innerText()).toContain('A senha atual está incorreta');
    await page.getByTestId('reauth-password').fill(PASSWORD);
    await page.getByTestId('reauth-confirm').click();

    // Then the code the new address received.
    const codeDialog = page.getByTestId('contact-code-dialog');
    await codeDialog.waitFor();
    expect(await codeDialog.innerText()).toContain(newEmail);
    await expect
      .poll(() => lastCodeSentTo(journey.platform.db, newEmail).catch(() => null))
      .not.toBeNull();
    await page
      .getByTestId('contact-code')
      .fill(await lastCodeSentTo(journey.platform.db, newEmail));
    await screenshot(page, 'account-security-contact-code-1440');
    await page.getByTestId('contact-code-confirm').click();
    await codeDialog.waitFor({ state: 'detached' });

    await expect.poll(() => page.getByTestId('profile-email').inputValue()).toBe(newEmail);
    await expect
      .poll(async () => {
        const row = await journey.platform.db
          .selectFrom('members')
          .select('email')
          .where('username', '=', username)
          .executeTakeFirst();
        return row?.email;
      })
      .toBe(newEmail);
    const notice = await journey.platform.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('destination', '=', oldEmail)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain('foi alterado');
  });
});
