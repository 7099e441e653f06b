import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADULT_BIRTHDAY, freshEmail, signIn } from './support/sign-in.ts';
import { setBirthday } from './support/supporter.ts';

// The profile as the supporter's "Me" hub, and its forms with JavaScript off.

test('the profile links every page about the account, in English and in Spanish', async ({ page, context }) => {
  await signIn(page, freshEmail('hub'));
  // An adult: without a birthday the under-18 rules hide the points history.
  await setBirthday(page, ADULT_BIRTHDAY);
  await page.goto('/profile');
  const hub = page.getByRole('navigation', { name: 'Your account' });
  const links = {
    'Points history': '/history', Membership: '/membership', 'Upgrade membership': '/membership/upgrade',
    'Invite friends': '/referral', 'Edit profile': '/profile/edit', Language: '#language',
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(hub.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // No name yet: the avatar shows the e-mail's first letter, not "H" plus a digit.
  await expect(page.getByRole('img', { name: 'No profile photo yet' })).toHaveText('H');
  await hub.getByRole('link', { name: /^Points history/ }).click();
  await expect(page).toHaveURL(/\/history$/);

  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: page.url() }]);
  await page.goto('/profile');
  const cuenta = page.getByRole('navigation', { name: 'Tu cuenta' });
  await expect(cuenta.getByRole('link', { name: /^Historial de puntos/ })).toHaveAttribute('href', '/history');
  await expect(cuenta.getByRole('link', { name: /^Invita a tus amigos/ })).toBeVisible();
  await expect(page.getByText('Te faltan 100 puntos para llegar a P9')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progreso hacia P9' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('heading', { name: 'Mantente en contacto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a consent switch saves through its form, and a photo uploads through its form', async ({ page }) => {
    await signIn(page, freshEmail('nojs.profile'));
    await page.goto('/profile');
    const sms = page.getByRole('switch', { name: 'SMS messages' });
    await expect(sms).toHaveAttribute('aria-checked', 'false');
    await expect(sms).toBeEnabled();
    await sms.click();
    await expect(page).toHaveURL(/\/profile#consents$/);
    await expect(page.getByRole('switch', { name: 'SMS messages' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Your choice is saved' })).toBeVisible();
    await page.getByRole('switch', { name: 'SMS messages' }).click();
    await expect(page.getByRole('switch', { name: 'SMS messages' })).toHaveAttribute('aria-checked', 'false');

    // Nothing chosen, then a file that is not an image: each refused beside the control, nothing lost.
    await page.getByRole('button', { name: 'Save photo' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choose a photo first, then save it.');
    await page.getByLabel('Add a photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Save photo' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choose a JPEG, PNG or WebP image.');

    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0b5d3b' } }).png().toBuffer();
    await page.getByLabel('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save photo' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /^\/api\/media\/[a-f0-9]{64}\.webp$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your photo is updated.' })).toBeVisible();
    await expect(page.getByLabel('Change photo')).toBeVisible();
  });
});
