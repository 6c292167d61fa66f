import { expect, test } from './support.js';

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header menu opens the sections, and closes on Escape and on a choice', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections).toHaveCount(0);

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sections.getByRole('link')).toHaveText(['Features', 'Pricing', 'FAQ']);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(sections).toHaveCount(0);

    // By keyboard: open, move to a link, follow it.
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(sections.getByRole('link', { name: 'Pricing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#pricing$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 2, name: /pricing|plan/i }).first()).toBeInViewport();

    await menu.click();
    await page.getByRole('heading', { level: 1 }).click({ force: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

test('on a wide screen the sections are in the bar and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText(['Features', 'Pricing', 'FAQ']);
});
