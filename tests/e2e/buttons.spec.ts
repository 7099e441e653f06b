import { expect, test, type Locator, type Page } from '@playwright/test';

// A string only canvas-confetti's code contains; it survives minification.
const CANVAS_CONFETTI = 'path confetti are not supported';

async function countClicks(button: Locator) {
  await button.evaluate((element) => {
    element.dataset['clicks'] = '0';
    element.addEventListener('click', () => {
      element.dataset['clicks'] = String(Number(element.dataset['clicks']) + 1);
    });
  });
}

test('a disabled button shows at 25% opacity and ignores clicks', async ({ page }) => {
  await page.goto('/dev/gallery');
  const disabled = page.getByRole('button', { name: 'Disabled', exact: true });
  const enabled = page.getByRole('button', { name: 'Small', exact: true });
  await expect(disabled).toBeDisabled();
  await expect(disabled).toHaveCSS('opacity', '0.25');
  await expect(enabled).toHaveCSS('opacity', '1');

  await countClicks(disabled);
  await countClicks(enabled);
  await disabled.click({ force: true });
  await enabled.click();
  await expect(enabled).toHaveAttribute('data-clicks', '1');
  await expect(disabled).toHaveAttribute('data-clicks', '0');
});

test('buttons are type="button" by default', async ({ page }) => {
  await page.goto('/dev/gallery');
  await expect(page.getByRole('button', { name: 'primary', exact: true })).toHaveAttribute('type', 'button');
});

function watchConfettiCode(page: Page) {
  const seen: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes(CANVAS_CONFETTI)) seen.push(response.url());
  });
  return seen;
}

test('canvas-confetti is fetched only when confetti is fired', async ({ page }) => {
  const confettiCode = watchConfettiCode(page);
  await page.goto('/dev/gallery');
  const fire = page.getByRole('button', { name: 'Fire confetti', exact: true });
  // Hydrated: the island's code (which imports src/lib/confetti.ts) has loaded.
  await expect(page.locator('astro-island:has(button:text-is("Fire confetti"))')).not.toHaveAttribute('ssr');
  await page.waitForLoadState('networkidle');
  expect(confettiCode).toEqual([]);
  await expect(page.locator('body > canvas')).toHaveCount(0);

  const fetched = page.waitForResponse(async (response) => (await response.text().catch(() => '')).includes(CANVAS_CONFETTI));
  await fire.click();
  await fetched;
  await expect(page.locator('body > canvas')).toBeVisible();
});
