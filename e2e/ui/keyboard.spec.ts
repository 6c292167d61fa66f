import { expect, test, type Page } from '@playwright/test';
import { holdDownloadRequests } from './support.js';

/** The focused element's outline, as drawn. */
function focusOutline(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      focusVisible: element.matches(':focus-visible'),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
    };
  });
}

test('the landing form is reached with Tab, filled by typing and submitted with Enter', async ({ page }) => {
  const hold = await holdDownloadRequests(page);
  await page.goto('/');
  const input = page.getByLabel('Website URL');
  // React renders after the load event; a Tab before that stays on the empty body.
  await expect(input).toBeVisible();

  // Every stop on the way has a visible focus ring.
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    const outline = await focusOutline(page);
    expect(outline.focusVisible, outline.tag).toBe(true);
    expect(outline.style, outline.tag).not.toBe('none');
    expect(outline.width, outline.tag).toBeGreaterThan(0);
    if (await input.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(input).toBeFocused();

  await page.keyboard.type('example.com');
  await page.keyboard.press('Enter');
  await hold.started;
  await expect(page.getByRole('button', { name: 'Generating your ZIP file...' })).toBeDisabled();
  hold.release();
  await expect(page.getByRole('alert')).toContainText('Cannot connect to server');
});

test('links, buttons and FAQ questions show a focus outline and work from the keyboard', async ({ page }) => {
  await page.goto('/');
  const expectRing = async (tag: string) => {
    const outline = await focusOutline(page);
    expect(outline).toMatchObject({ tag, focusVisible: true });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThan(0);
  };

  const signUp = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign Up' });
  await signUp.focus();
  // Arrive by keyboard, so the browser treats the focus as keyboard focus.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(signUp).toBeFocused();
  await expectRing('a');

  const input = page.getByLabel('Website URL');
  await input.fill('example.com');
  await input.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Download ZIP' })).toBeFocused();
  await expectRing('button');

  const question = page.locator('summary').filter({ hasText: 'What does the ZIP file contain?' });
  const answer = page.getByText(/fonts \(WOFF, TTF, EOT\)/);
  await question.focus();
  await expectRing('summary');
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
});
