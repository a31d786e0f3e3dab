import { expect, test, scaled } from './support/test.ts';

// Issue 33 item 5: digits 0-9 everywhere, as the prices are, also where the language writes its
// own (the ar-SA footer's route latency came in Arabic-Indic digits).
test.describe.configure({ timeout: scaled(60_000) });

/** Any decimal digit other than 0-9: Arabic-Indic, Persian, Bengali, Devanagari, … */
const NATIVE_DIGITS = /(?![0-9])\p{Nd}/u;

for (const locale of ['ar-SA', 'fa', 'bn'] as const) {
  test(`the ${locale} footer writes its numbers in 0-9`, async ({ page }) => {
    await page.goto(`/${locale}/trade/spot/BTC/USDT`);
    const latency = page.locator('.net-route__button .net-route__latency[data-tone]');
    await expect(latency).toHaveText(/\d/, { timeout: scaled(20_000) });
    await expect(latency).toHaveText(/[0-9]/);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    expect(await footer.innerText()).not.toMatch(NATIVE_DIGITS);
  });
}
