/**
 * Sign-in against the real server as each demo user, and the session rules of spec §8: 401, 403,
 * 410, forgotten password by mail (the server's outbox), logging out and changing one's password.
 * Ghosting by provider support is ghosting.e2e.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, newPage } from './support/browser';
import { layout, loginPage, toasts } from './support/pages';
import { apiAs, type Api } from './support/api';
import { createFreshUser, createUserWithTemporaryPassword, removeFreshUser, type FreshUser } from './support/fresh-users';
import { signInByApi } from './support/session';
import { userMenu } from './support/navigation-pages';
import { mailTo } from './support/outbox';

let browser: Browser;
let admin: Api;
// The scenarios that change a password do it to users of their own, never to a shared demo user.
const made: FreshUser[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiAs('admin');
});
afterAll(async () => {
  for (const user of made) await removeFreshUser(admin, user);
  await browser?.close();
});

async function own(user: Promise<FreshUser>): Promise<FreshUser> {
  made.push(await user);
  return made.at(-1)!;
}

const NEW_PASSWORD = 'Un-nouveau-mot-2-passe';

async function chooseNewPassword(page: Page, password: string) {
  await page.locator('#new-password').fill(password);
  await page.locator('#password-confirmation').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await page.waitForURL(/\/login$/);
}

/** A new browser context signed in as `username`, on its organisation's home. */
async function signedIn(username: string, password?: string) {
  const opened = await newPage(browser);
  await signInByApi(opened.page, username, { password });
  await opened.page.waitForURL(/\/orga\/demo$/);
  return opened;
}

describe('signing in as each demo user', () => {
  it('lands where spec §2.2 says, with no Content-Security-Policy violation', async () => {
    const landings: Array<[string, RegExp, string]> = [
      ['admin', /\/orga\/demo$/, 'organisation'],
      ['configurator', /\/orga\/demo$/, 'organisation'],
      ['qualifier', /\/orga\/demo$/, 'organisation'],
      ['viewer', /\/orga\/demo$/, 'organisation'],
      ['guest', /\/orga\/demo$/, 'organisation'],
      ['sre', /\/orga\/demo$/, 'organisation'],
      ['support', /\/orga\/demo$/, 'organisation'],
      ['light', /\/self$/, 'selfService'],
    ];
    // Two users at a time, each in a browser context of their own: the sign-ins wait on the server
    // and the page loads, so two at once keep a loaded 2-core machine busy without starving it.
    const queue = [...landings];
    const signInNext = async () => {
      for (let landing = queue.shift(); landing; landing = queue.shift()) {
        const [username, url, name] = landing;
        const { context, page } = await newPage(browser);
        await loginPage.open(page);
        await loginPage.signIn(page, username);
        await page.waitForURL(url);
        await layout.waitFor(page, name);
        expect(await cspViolations(page), username).toEqual([]);
        await context.close();
      }
    };
    await Promise.all([signInNext(), signInNext()]);
  });

  it('sends an expired password to the reset page (410), where a new one can be chosen', async () => {
    // A user just made by an admin holds a temporary password, expired by design.
    const user = await own(createUserWithTemporaryPassword(admin, { firstname: 'Eva', lastname: 'Expirée' }));
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await loginPage.signIn(page, user.username, user.password);
    await page.waitForURL(/\/reset-password\/[\w-]+\?hasExpired=true$/);
    await page.getByRole('heading', { name: 'Mot de passe expiré' }).waitFor();
    await page.getByText(`Compte : ${user.username}`).waitFor();

    // The rules are checked as the user types, and the form stays closed until they all hold.
    await page.locator('#new-password').fill('court');
    expect(await page.locator('[data-rule="tooShort"]').getAttribute('data-met')).toBe('false');
    await expect(page.getByRole('button', { name: 'Enregistrer le mot de passe' }).isDisabled()).resolves.toBe(true);

    await chooseNewPassword(page, NEW_PASSWORD);
    await loginPage.signIn(page, user.username, NEW_PASSWORD);
    await page.waitForURL(/\/orga\/demo$/);
    await context.close();
  });

  it('signs out on a 401 and comes back to the page after signing in again', async () => {
    const { context, page } = await signedIn('admin');
    // The token goes bad (revoked, or signed with a rotated key): the next call answers 401.
    await page.evaluate(async () => {
      const request = indexedDB.open('postroom');
      const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
      const store = db.transaction('entries', 'readwrite').objectStore('entries');
      store.put({ key: 'auth-token', value: 'not-a-valid-token', updatedAt: Date.now() });
      await new Promise((resolve) => (store.transaction.oncomplete = resolve));
    });
    // The organisation page asks the server for its projects: that call meets the 401.
    await page.goto('/orga/demo/settings');
    await page.waitForURL(/\/login\?redirect=%2Forga%2Fdemo%2Fsettings$/);
    await expect(toasts.error(page).first().textContent()).resolves.toContain('Connexion perdue');
    // Every call of the page met the 401: the user is told once.
    await page.waitForTimeout(1000);
    expect(await toasts.error(page).filter({ hasText: 'Connexion perdue' }).count()).toBe(1);
    await loginPage.signIn(page, 'admin');
    await page.waitForURL(/\/orga\/demo\/settings$/);
    await context.close();
  });
});

describe('forgotten password', () => {
  it('mails a link (to the outbox) that lets the user choose a new password', async () => {
    const user = await own(createFreshUser(admin, { firstname: 'Oscar', lastname: 'Oublieux' }));
    const email = `${user.username}@example.test`;
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();

    // The form checks the address in the page, in French, not in a bubble of the browser's language;
    // the label says the field is required without changing its accessible name.
    const field = page.getByRole('textbox', { name: 'Adresse e-mail', exact: true });
    const mark = await page.locator('label[for="forgot-email"]').evaluate((label) => getComputedStyle(label, '::after').content);
    expect(mark).toContain('(obligatoire)');
    await field.fill(user.username);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.locator('#forgot-email-problem').getByText('Adresse e-mail invalide').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);

    await field.fill(email);
    await page.locator('#forgot-email-problem').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText(`Si un compte utilise l'adresse ${email}`).waitFor();

    const mail = await mailTo(email);
    const link = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(mail.text)?.[0];
    expect(link?.startsWith(new URL(page.url()).origin)).toBe(true);

    await page.goto(link ?? '');
    await page.getByText(`Compte : ${user.username}`).waitFor();
    await chooseNewPassword(page, NEW_PASSWORD);
    await loginPage.signIn(page, user.username, NEW_PASSWORD);
    await page.waitForURL(/\/orga\/demo$/);

    await context.close();

    // The link is spent (opened signed out: signed-in users are sent away from the login pages).
    const fresh = await newPage(browser);
    await fresh.page.goto(link ?? '');
    await fresh.page.getByText("Ce lien n'est pas valide ou a expiré").waitFor();
    await fresh.context.close();
  });
});

describe('logging out', () => {
  it('ends the session on the server: the token the console used is refused afterwards', async () => {
    const { context, page } = await newPage(browser);
    // The bearer token the console sends, as seen on the wire.
    let authorization: string | undefined;
    page.on('request', (sent) => {
      authorization = sent.headers()['authorization'] ?? authorization;
    });
    await loginPage.open(page);
    await loginPage.signIn(page, 'viewer');
    await page.waitForURL(/\/orga\/demo$/);
    expect(authorization).toMatch(/^Bearer /);
    const me = () =>
      page.request.get(new URL('/v4/console/api/user', page.url()).href, { headers: { authorization: authorization ?? '' } });
    expect((await me()).status()).toBe(200);

    await page.getByRole('button', { name: 'Victor Lecteur' }).waitFor();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/logout'),
      userMenu.choose(page, 'Se déconnecter'),
    ]);
    expect(answer.status()).toBe(204);
    await page.waitForURL(/\/login/);
    expect((await me()).status()).toBe(401);
    await context.close();
  });

  it('asks first when a form holds unsaved changes, and ends the session only once the user leaves', async () => {
    const { context, page } = await signedIn('admin');
    await page.goto('/orga/demo/settings');
    const name = page.locator('#orga-name');
    const original = await name.inputValue();
    await name.fill(`${original} (brouillon)`);
    const signOut = async () => {
      await userMenu.choose(page, 'Se déconnecter');
    };
    const unsaved = page.getByRole('dialog', { name: 'Modifications non enregistrées' });

    await signOut();
    await unsaved.getByRole('button', { name: 'Rester sur la page' }).click();
    await unsaved.waitFor({ state: 'detached' });
    // Still signed in, on the form, with what was typed.
    expect(new URL(page.url()).pathname).toBe('/orga/demo/settings');
    expect(await name.inputValue()).toBe(`${original} (brouillon)`);
    await page.getByRole('button', { name: 'Alice Admin' }).waitFor();

    await signOut();
    await unsaved.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await page.waitForURL(/\/login/);
    // Nothing was saved on the way out.
    await loginPage.signIn(page, 'admin');
    await page.waitForURL(/\/orga\/demo$/);
    await page.goto('/orga/demo/settings');
    await expect.poll(() => name.inputValue()).toBe(original);
    await context.close();
  });

  it('saves the form, then signs out, when the user chooses "save and leave"', async () => {
    const api = await apiAs('admin');
    const before = (await api<{ notes: string | null }>('GET', '/v4/console/api/project/demo-ic')).notes;
    const { context, page } = await signedIn('admin');
    let authorization: string | undefined;
    page.on('request', (sent) => {
      authorization = sent.headers()['authorization'] ?? authorization;
    });
    try {
      await page.goto('/project/demo-ic');
      const notes = page.locator('#project-notes');
      await expect.poll(() => notes.inputValue()).toBe(before ?? '');
      const typed = `Notes enregistrées en partant ${Date.now()}`;
      await notes.fill(typed);
      await userMenu.choose(page, 'Se déconnecter');
      await page.getByRole('dialog', { name: 'Modifications non enregistrées' }).getByRole('button', { name: 'Enregistrer et quitter' }).click();
      await page.waitForURL(/\/login/);
      // Saved on the way out, and the session ended.
      expect((await api<{ notes: string | null }>('GET', '/v4/console/api/project/demo-ic')).notes).toBe(typed);
      expect((await page.request.get(new URL('/v4/console/api/user', page.url()).href, { headers: { authorization: authorization ?? '' } })).status()).toBe(401);
    } finally {
      await api('PATCH', '/v4/console/api/project/demo-ic', { notes: before });
      await context.close();
    }
  });
});

describe('changing one’s password', () => {
  it('keeps this session, ends the others, and the new password signs in', async () => {
    const user = await own(
      createFreshUser(admin, { firstname: 'Quentin', lastname: 'Qualifieur', profiles: [{ projectId: 'demo-ic', profile: 'qualifier' }] }),
    );
    const elsewhere = await signedIn(user.username, user.password);

    const { context, page } = await signedIn(user.username, user.password);
    await page.goto('/profile/password');
    await page.locator('#current-password').fill(user.password);
    await page.locator('#new-password').fill(NEW_PASSWORD);
    await page.locator('#password-confirmation').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe changé.').waitFor();

    // This browser got the new pair: a reload and a call to the server keep it signed in.
    await page.goto('/orga/demo');
    await page.getByRole('heading', { name: 'Démo' }).waitFor();
    expect(page.url()).toMatch(/\/orga\/demo$/);

    // The other browser's session ended: its next call answers 401 and it lands on the login page.
    await elsewhere.page.goto('/orga/demo/consumption');
    await elsewhere.page.waitForURL(/\/login/);

    await loginPage.signIn(elsewhere.page, user.username, NEW_PASSWORD);
    await elsewhere.page.waitForURL(/\/orga\/demo/);
    await elsewhere.context.close();
    await context.close();
  }, 90_000);
});
