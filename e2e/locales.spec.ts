import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, scaled } from './support/test.ts';
import { LOCALE_NAMES, SUPPORTED_LOCALES, isRtl } from '../src/core/locale.ts';
import { signUp } from './support/accounts.ts';

// Issue 19 item 8: the trading page in every shipped locale, logged in, with no i18next key and
// no English fallback string anywhere in its text, labels or title, in the locale's direction,
// with the language switcher listing every locale by its own name.
test.describe.configure({ mode: 'parallel' });

const DIR = fileURLToPath(new URL('../public/locales/', import.meta.url));
const NAMESPACES = readdirSync(`${DIR}en`).map((f) => f.replace(/\.json$/, ''));

function flatten(obj: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null) flatten(v as object, key, out);
    else out.set(key, String(v));
  }
  return out;
}
const strings = (locale: string) => new Map(NAMESPACES.map((ns) => [ns, flatten(JSON.parse(readFileSync(`${DIR}${locale}/${ns}.json`, 'utf8')) as object)]));
const all = (m: Map<string, Map<string, string>>) => [...m.values()].flatMap((x) => [...x.values()]);

const EN = strings('en');
/** What i18next shows for a key it cannot find: the key itself (with or without its namespace, plural suffix dropped). */
const KEYS = new Set([...EN].flatMap(([ns, m]) => [...m.keys()].flatMap((k) => { const base = k.replace(/_(zero|one|two|few|many|other)$/, ''); return [k, base, `${ns}:${k}`, `${ns}:${base}`]; })));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts a person reads or hears: each element's own text, its labels and titles, and the document title. */
async function pageTexts(page: import('./support/test.ts').Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = [document.title];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('script,style')) continue;
      for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) out.push(n.textContent!.trim());
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext']) {
        const v = el.getAttribute(a);
        if (v?.trim()) out.push(v.trim());
      }
    }
    return out;
  });
}

/**
 * Four groups of seven locales, each one test: the first locale's page is loaded from its address,
 * the rest are reached through the language switcher as a person would (a client-side navigation;
 * issue 38: a page load per locale cost the suite 110 s). After a switch, no string of the locale
 * before may remain where the new one words it differently.
 */
const GROUPS = 4;
const groups = Array.from({ length: GROUPS }, (_, g) => SUPPORTED_LOCALES.filter((_l, i) => i % GROUPS === g));

for (const group of groups) {
  test(`${group.join(', ')}: the trading page has every string translated, in each locale's direction`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await signUp(page, 'uta');
    let before: Set<string> | undefined;
    for (const [i, locale] of group.entries()) {
      const own = strings(locale);
      const ownValues = new Set(all(own));
      // English strings this locale words differently: seeing one means a fallback to en.
      const englishOnly = new Set(locale === 'en' ? [] : all(EN).filter((v) => !ownValues.has(v) && !v.includes('{{') && /[A-Za-z]{3}/.test(v)));
      const englishTemplates = locale === 'en' ? [] : all(EN).filter((v) => v.includes('{{') && !ownValues.has(v) && v.replace(/\{\{\w+\}\}/g, '').replace(/[^A-Za-z]/g, '').length >= 8)
        .map((v) => new RegExp(`^${v.split(/\{\{\w+\}\}/).map(escape).join('.+')}$`));
      // The previous locale's own wordings (not the same in this one, not a template): stale if seen.
      const stale = new Set([...(before ?? [])].filter((v) => !ownValues.has(v) && !v.includes('{{') && v.replace(/[\d\s\p{P}\p{S}]/gu, '').length >= 3));
      const s = own.get('spotExchange')!;
      if (i === 0) await page.goto(`/${locale}/trade/spot/BTC/USDT`);
      else await page.getByRole('combobox', { name: strings(group[i - 1]!).get('spotExchange')!.get('language')!, exact: true }).selectOption(locale);
      await expect(page).toHaveURL(new RegExp(`/${escape(locale)}/trade/spot/BTC/USDT`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', isRtl(locale) ? 'rtl' : 'ltr');
      // What a person sees once the page is up: the order form, the orders' tabs, the header's price.
      await expect(page.locator('[data-region="forms"]').getByRole('region', { name: s.get('orderForm.title')! })).toBeVisible({ timeout: scaled(20_000) });
      await expect(page.getByRole('tab', { name: s.get('orders.tabs.history')!, exact: true })).toBeVisible();
      const switcher = page.getByRole('combobox', { name: s.get('language')!, exact: true });
      await expect(switcher).toHaveValue(locale);
      // The switcher names every locale in its own language, whatever the page's language.
      await expect(switcher.locator('option')).toHaveText(SUPPORTED_LOCALES.map((l) => LOCALE_NAMES[l]));
      // Texts settle after a switch (lazy namespaces): keys, fallbacks and stale wordings must go.
      await expect(async () => {
        const texts = await pageTexts(page);
        expect(texts.length).toBeGreaterThan(50);
        expect(texts.filter((t) => KEYS.has(t)), `${locale}: untranslated keys`).toEqual([]);
        expect(texts.filter((t) => englishOnly.has(t) || englishTemplates.some((r) => r.test(t))), `${locale}: English fallbacks`).toEqual([]);
        expect(texts.filter((t) => stale.has(t)), `${locale}: left from ${group[i - 1]}`).toEqual([]);
      }).toPass({ timeout: scaled(5_000) });
      before = ownValues;
    }
  });
}
