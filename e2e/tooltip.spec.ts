import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, scaled } from './support/test.ts';

// src/ui/Tooltip.tsx: the book's mode buttons show their hint on keyboard focus, in the page's language.
const ja = JSON.parse(readFileSync(fileURLToPath(new URL('../public/locales/ja/spotExchange.json', import.meta.url)), 'utf8')) as { book: { modeSideBySide: string; mergeStep: string } };

test('a mode button of the book shows its translated hint on keyboard focus, and Escape hides it', async ({ page }) => {
  await page.goto('/ja/trade/spot/BTC/USDT');
  // The hints are react-aria's once the page has loaded them, after the order book's first rows.
  await expect(page.locator('.tabs-root').first()).toBeAttached({ timeout: scaled(15_000) });
  const book = page.locator('.book-toolbar');
  await book.getByRole('combobox', { name: ja.book.mergeStep }).focus();
  await page.keyboard.press('Shift+Tab');
  const button = book.getByRole('button', { name: ja.book.modeSideBySide });
  await expect(button).toBeFocused();
  const hint = page.getByRole('tooltip');
  await expect(hint).toHaveText(ja.book.modeSideBySide);
  await expect(button).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!);
  await page.keyboard.press('Escape');
  await expect(hint).toHaveCount(0);
  await expect(button).toBeFocused();
});
