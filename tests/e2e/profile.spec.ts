import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADULT_BIRTHDAY, freshEmail, signIn } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

// Every test signs in a fresh supporter (through the API: sign-in.spec.ts tests the pages).

/** Profile fields set through the API with the browser's own session (the cookie rides along). */
async function setProfile(page: Page, fields: Record<string, string>) {
  const res = await page.request.patch('/api/user/me', { data: fields });
  expect(res.status()).toBe(201);
}

/** Waits until the island holding `selector` has hydrated (Astro drops `ssr` from a hydrated island). */
async function hydrated(page: Page, selector: string) {
  // client:visible: the island hydrates once it is on screen.
  // (scrolled by the page itself: the island may swap the element while it hydrates)
  await page.evaluate((css) => document.querySelector(css)?.scrollIntoView({ block: 'center' }), selector);
  await expect(page.locator(`astro-island:has(${selector})[ssr]`)).toHaveCount(0);
}

const consentSwitch = (page: Page, name: string) => page.getByRole('switch', { name });
// A switch sends its form to the consent action (src/actions/profile.ts).
const consentSaved = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/_actions/profile.setConsent/' && r.request().method() === 'POST');

test.describe('the profile', () => {
  test('shows the name, rank, points and the consents, none given yet, without accessibility violations', async ({ page }) => {
    await signIn(page, freshEmail('profile'));
    // An adult: without a birthday the under-18 rules hide the points.
    await setProfile(page, { firstName: 'Ana', lastName: 'García', birthday: ADULT_BIRTHDAY });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Ana García' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Rank P10')).toBeVisible();
    await expect(page.getByText('0 points', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('100 more points to reach P9')).toBeVisible();
    await expect(page.getByRole('img', { name: 'No profile photo yet' })).toHaveText('AG');
    for (const name of ['Marketing e-mails', 'SMS messages', 'Partner offers']) {
      await expect(consentSwitch(page, name)).toHaveAttribute('aria-checked', 'false');
    }
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    await hydrated(page, '[role=switch]');
    expect(await seriousViolations(page)).toEqual([]);
    // A long address wraps on a narrow phone instead of widening the page.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('hides points and the edit link from an under-18 supporter', async ({ page }) => {
    await signIn(page, freshEmail('young'));
    const birthday = new Date();
    birthday.setUTCFullYear(birthday.getUTCFullYear() - 15);
    await setProfile(page, { firstName: 'Leo', birthday: birthday.toISOString().slice(0, 10) });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Leo' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Rank P10')).toBeVisible();
    await expect(page.getByText(/points/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  });

  // A save that fails: api-failures.spec.ts.
  test('a consent switched on stays on after a reload, and off after a reload once withdrawn', async ({ page }) => {
    await signIn(page, freshEmail('consent'));
    await page.goto('/profile');
    await hydrated(page, '[role=switch]');
    const saved = consentSaved(page);
    await consentSwitch(page, 'SMS messages').click();
    await expect(consentSwitch(page, 'SMS messages')).toHaveAttribute('aria-checked', 'true');
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(consentSwitch(page, 'SMS messages')).toHaveAttribute('aria-checked', 'true');
    await expect(consentSwitch(page, 'Marketing e-mails')).toHaveAttribute('aria-checked', 'false');
    await hydrated(page, '[role=switch]');
    const withdrawn = consentSaved(page);
    await consentSwitch(page, 'SMS messages').click();
    expect((await withdrawn).status()).toBe(200);
    await page.reload();
    await expect(consentSwitch(page, 'SMS messages')).toHaveAttribute('aria-checked', 'false');
  });

  test('a photo over 5 MB is refused before sending; a PNG shows at once and after a reload', async ({ page }) => {
    await signIn(page, freshEmail('avatar'));
    await page.goto('/profile');
    await hydrated(page, 'input[type=file]');
    // The island's script has taken the form over once its no-script send button is gone (an effect after
    // hydration: a photo chosen before it is the plain form's, sent only by that button).
    await expect(page.locator('form:has(input[type=file]) button[type=submit]')).toHaveCount(0);
    let uploads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/_actions/profile.setPhoto/' && request.method() === 'POST') uploads += 1;
    });
    await page.getByLabel('Add a photo').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
    await expect(page.getByRole('alert')).toHaveText('The image is larger than 5 MB. Choose a smaller one.');
    expect(uploads).toBe(0);

    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0b5d3b' } }).png().toBuffer();
    await page.getByLabel('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const photo = page.getByRole('img', { name: 'Your profile photo' });
    await expect(photo).toHaveAttribute('src', /^\/api\/media\/[a-f0-9]{64}\.webp$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your photo is updated.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(uploads).toBe(1);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);

    await page.reload();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /^\/api\/media\/[a-f0-9]{64}\.webp$/);
    await expect(page.getByLabel('Change photo')).toBeAttached();
  });

  test('the language switch comes back to the profile; signing out lands on /, and /profile then sends the visitor to /', async ({ page }) => {
    await signIn(page, freshEmail('leaving'));
    await page.goto('/profile');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('button', { name: 'Change language' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Perfil' })).toBeVisible();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('editing the profile', () => {
  test('shows each problem beside its field, keeps what was typed, then saves and goes back with a toast', async ({ page, context }) => {
    await signIn(page, freshEmail('edit'));
    await page.goto('/profile/edit');
    await page.getByLabel('First name').fill('Marta');
    await page.getByLabel('Phone number').fill('call me maybe');
    await page.getByLabel('Birthday').fill('2999-01-01');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(page.getByRole('alert')).toHaveText('Some details need another look.');
    const phone = page.getByLabel('Phone number');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/^Enter a phone number with 6 to 20 digits/);
    await expect(phone).toHaveValue('call me maybe');
    const birthday = page.getByLabel('Birthday');
    await expect(birthday).toHaveAttribute('aria-invalid', 'true');
    await expect(birthday).toHaveAccessibleDescription(/^Enter a date between 1900 and today\./);
    await expect(birthday).toHaveValue('2999-01-01');
    await expect(page.getByLabel('First name')).toHaveValue('Marta');
    await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Username').fill(`fan_${Date.now()}`);
    await page.getByLabel('Last name').fill('Silva');
    await phone.fill('+44 7700 900123');
    await page.getByLabel('Postcode').fill('N5 1BU');
    await birthday.fill('1990-05-17');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Marta Silva' })).toBeVisible();
    await page.goto('/profile/edit');
    await expect(page.getByLabel('Phone number')).toHaveValue('+44 7700 900123');
    await expect(page.getByLabel('Birthday')).toHaveValue('1990-05-17');
    await expect(page.getByLabel('Birthday')).toHaveAccessibleDescription('Once set, you can change your birthday one time.');

    // Saving the same birthday is no change; one change is allowed; the next is refused, saying whom to ask.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/profile/edit');
    await page.getByLabel('Birthday').fill('1990-05-18');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/profile/edit');
    await page.getByLabel('Birthday').fill('1990-05-19');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    const locked = page.getByLabel('Birthday');
    await expect(locked).toHaveAttribute('aria-invalid', 'true');
    await expect(locked).toHaveAccessibleDescription(/^Your birthday has already been changed once\. To correct it, contact the club\./);
    await context.addCookies([{ name: 'terrace_lang', value: 'es', url: page.url() }]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveAccessibleDescription(/^Tu fecha de cumpleaños ya se ha cambiado una vez\. Para corregirla, ponte en contacto con el club\./);
    await page.goto('/profile/edit');
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('1990-05-18');
  });
});
