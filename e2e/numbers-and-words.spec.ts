import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, scaled } from './support/test.ts';
import { openAs, signUp } from './support/accounts.ts';
import { madeUpFills, serveFills } from './support/fills.ts';

// Issue 15 item 8: amounts at the asset's display precision with thousands separators, pairs as
// BASE/QUOTE, dates in the page's language, plural forms in every locale, exchange enums translated.
test.describe.configure({ timeout: scaled(90_000) });

type Strings = Record<string, Record<string, unknown>>;
const LOCALES = ['en', 'zh-CN', 'ar-SA', 'ja', 'ru', 'es'] as const;
const strings = (locale: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../public/locales/${locale}/spotExchange.json`, import.meta.url)), 'utf8')) as Strings;
const str = (s: Strings, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], s) as string;

/** A fill an hour ago at a whole second, so its time reads the same in every check. */
const AT = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

async function openTradeHistory(page: Page, s: Strings) {
  await page.getByRole('toolbar', { name: str(s, 'chart.toolbar') }).getByRole('button', { name: str(s, 'chart.display') }).click();
  await page.getByRole('group', { name: str(s, 'chart.display') }).getByRole('button', { name: str(s, 'chart.openTradeHistory') }).click();
  return page.getByRole('dialog', { name: str(s, 'chart.tradeHistory') });
}

test('the chart trade history: dates in ja and ar-SA in those locales, order types translated, numbers grouped at their precision', async ({ page }) => {
  await serveFills(page, madeUpFills('SOLUSDT', 3, AT));
  await signUp(page, 'uta');
  const d = new Date(AT);
  const [y, mo, day, h, mi, se] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate()), d.getUTCHours(), pad(d.getUTCMinutes()), pad(d.getUTCSeconds())];
  // The chart's time zone is UTC by default (spec 9); written out by hand, not by Intl.
  const expected: Record<string, string> = {
    ja: `${y}/${mo}/${day} ${pad(h)}:${mi}:${se}`,
    'ar-SA': `${day}\u200f/${mo}\u200f/${y}، ${pad(h % 12 || 12)}:${mi}:${se} ${h < 12 ? 'ص' : 'م'}`,
  };
  for (const locale of ['ja', 'ar-SA'] as const) {
    const s = strings(locale);
    await page.goto(`/${locale}/trade/spot/SOL/USDT`);
    const modal = await openTradeHistory(page, s);
    const first = modal.locator('tbody tr').nth(0).locator('td');
    await expect(first.nth(5)).toHaveText(expected[locale]!);
    // The exchange's 'Market' / 'Limit' in the page's language: fill 0 is a market buy, fill 1 a limit sell.
    await expect(first.nth(0)).toHaveText(`${str(s, 'chart.lineBuy')} ${str(s, 'orders.type.market')}`);
    await expect(modal.locator('tbody tr').nth(1).locator('td').nth(0)).toHaveText(`${str(s, 'chart.lineSell')} ${str(s, 'orders.type.limit')}`);
    await expect(modal.locator('tbody')).not.toContainText(/Limit|Market/);
    // SOL/USDT: price at 2 decimals, quantity at SOL's 3, value at USDT's display precision (2), grouped.
    await expect(first.nth(1)).toHaveText('1,234.50');
    await expect(first.nth(2)).toHaveText('2.500');
    await expect(first.nth(3)).toHaveText('3,086.25');
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
  }
});

test('the balance and the trade-history table: thousands separators, display precision, BASE/QUOTE', async ({ page }) => {
  await serveFills(page, madeUpFills('SOLUSDT', 3, AT));
  await openAs(page, 'uta', '/en/trade/spot/SOL/USDT');
  // The USDT of a new account at USDT's display precision (2, like money), not the wire's 8.
  await expect(page.getByTestId('available-balance')).toHaveText(/^\d{1,3}(,\d{3})+\.\d{2} USDT$/);
  const orders = page.locator('[data-region="orders"]');
  await orders.getByRole('tab', { name: 'Trade history' }).click();
  const row = orders.locator('.orders-table tbody tr').first();
  // Columns: time, pair, side, price, quantity, value, fee, role.
  await expect(row.locator('td').nth(1)).toHaveText('SOL/USDT');
  await expect(row.locator('td').nth(3)).toHaveText('1,234.50');
  await expect(row.locator('td').nth(4)).toHaveText('2.500');
  await expect(row.locator('td').nth(5)).toHaveText('3,086.25');
});

test('plural forms: the average-price ranges in every locale', async ({ page }) => {
  await signUp(page, 'uta');
  for (const locale of LOCALES) {
    const s = strings(locale);
    const rules = new Intl.PluralRules(locale);
    const form = (key: string, n: number) => str(s, `chart.${key}_${rules.select(n)}`).replace('{{count}}', String(n));
    await page.goto(`/${locale}/trade/spot/SOL/USDT`);
    await page.getByRole('toolbar', { name: str(s, 'chart.toolbar') }).getByRole('button', { name: str(s, 'chart.display') }).click();
    const menu = page.getByRole('group', { name: str(s, 'chart.display') });
    const avg = menu.getByRole('checkbox', { name: str(s, 'chart.showAvgBuy') });
    // The choice follows the account: checked once, it stays checked on the next page.
    if (!(await avg.isChecked())) await avg.check();
    const ranges = menu.getByRole('radiogroup', { name: str(s, 'chart.avgBuyRange') });
    await expect(ranges.getByRole('radio')).toHaveText([7, 30, 60, 90, 180].map((n) => form('rangeDays', n)).concat([1, 2, 3].map((n) => form('rangeYears', n))));
  }
  // And as a person reads them: one year, two years.
  await expect(page.getByRole('radio', { name: '1 año', exact: true })).toBeVisible();
});
