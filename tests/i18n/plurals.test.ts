// Plural forms through i18next `count` in every shipped locale: each category a locale has
// (Intl.PluralRules, as i18next uses) picks its own form of the page's counted words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/core/locale.ts';

const DIR = join(__dirname, '..', '..', 'public', 'locales');
const COUNTED = ['chart.rangeDays', 'chart.rangeYears', 'orders.lastDays', 'chart.summary', 'outcome.cancelledAll'] as const;
const PARAMS = { symbol: 'BTC/USDT', interval: '1D', type: 'candle' };

async function translator(locale: string) {
  const inst = i18next.createInstance();
  const resources = { [locale]: { spotExchange: JSON.parse(readFileSync(join(DIR, locale, 'spotExchange.json'), 'utf8')) as object } };
  await inst.init({ lng: locale, fallbackLng: false, resources, ns: ['spotExchange'], defaultNS: 'spotExchange', interpolation: { escapeValue: false } });
  return inst;
}

/** A count of each plural category of the locale (0…200; a million for es "many"; 1.5 for ru "other"). */
function samples(locale: string): Map<string, number> {
  const rules = new Intl.PluralRules(locale);
  const out = new Map<string, number>();
  for (const n of [...Array.from({ length: 201 }, (_, i) => i), 1_000_000, 1.5]) if (!out.has(rules.select(n))) out.set(rules.select(n), n);
  return out;
}

const get = (obj: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);

describe('plural forms', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: every plural category picks its own form`, async () => {
      const t = (await translator(locale)).t;
      const file = JSON.parse(readFileSync(join(DIR, locale, 'spotExchange.json'), 'utf8')) as object;
      const cats = samples(locale);
      expect([...cats.keys()].sort()).toEqual([...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort());
      for (const key of COUNTED) {
        for (const [cat, n] of cats) {
          const form = get(file, `${key}_${cat}`);
          expect(typeof form, `${locale} ${key}_${cat}`).toBe('string');
          const want = (form as string).replace(/\{\{(\w+)\}\}/g, (_, p: string) => (p === 'count' ? String(n) : PARAMS[p as keyof typeof PARAMS]));
          expect(t(key, { count: n, ...PARAMS }), `${locale} ${key} count=${n}`).toBe(want);
        }
      }
    });
  }

  it('reads as a person would write it', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['en', 'chart.rangeYears', 1, '1 year'],
      ['en', 'chart.rangeYears', 2, '2 years'],
      ['en', 'orders.lastDays', 7, 'Last 7 days'],
      ['ru', 'chart.rangeYears', 1, '1 год'],
      ['ru', 'chart.rangeYears', 3, '3 года'],
      ['ru', 'chart.rangeYears', 5, '5 лет'],
      ['ru', 'chart.rangeDays', 21, '21 день'],
      ['ar-SA', 'chart.rangeYears', 2, '2 سنتان'],
      ['ar-SA', 'chart.rangeDays', 7, '7 أيام'],
      ['ar-SA', 'chart.rangeDays', 30, '30 يومًا'],
      ['es', 'chart.rangeYears', 1, '1 año'],
      ['es', 'chart.rangeYears', 3, '3 años'],
      ['ja', 'chart.rangeYears', 1, '1年'],
      ['zh-CN', 'chart.rangeDays', 1, '1 天'],
      ['zh-TW', 'chart.rangeDays', 30, '30 天'],
      ['pl', 'chart.rangeYears', 1, '1 rok'],
      ['pl', 'chart.rangeYears', 2, '2 lata'],
      ['pl', 'chart.rangeYears', 5, '5 lat'],
      ['pl', 'chart.rangeDays', 22, '22 dni'],
      ['pl', 'outcome.cancelledAll', 5, 'Anulowano 5 zleceń'],
      ['uk', 'chart.rangeDays', 1, '1 день'],
      ['uk', 'chart.rangeDays', 3, '3 дні'],
      ['uk', 'chart.rangeDays', 7, '7 днів'],
      ['uk', 'chart.rangeYears', 21, '21 рік'],
      ['fr', 'chart.rangeYears', 1, '1 an'],
      ['fr', 'chart.rangeYears', 3, '3 ans'],
      ['fr', 'chart.rangeDays', 1_000_000, '1000000 de jours'],
      ['pt-BR', 'chart.rangeDays', 7, '7 dias'],
      ['it', 'orders.lastDays', 30, 'Ultimi 30 giorni'],
      ['de', 'chart.rangeYears', 1, '1 Jahr'],
      ['de', 'chart.rangeDays', 60, '60 Tage'],
      ['nl', 'outcome.cancelledAll', 1, '1 order geannuleerd'],
      ['tr', 'chart.rangeDays', 7, '7 gün'],
      ['fa', 'chart.rangeDays', 7, '7 روز'],
      ['ko', 'chart.rangeYears', 2, '2년'],
      ['ms', 'chart.rangeDays', 1, '1 hari'],
      ['ms', 'orders.lastDays', 30, '30 hari terakhir'],
      ['he', 'chart.rangeDays', 1, 'יום אחד'],
      ['he', 'chart.rangeDays', 2, 'יומיים'],
      ['he', 'chart.rangeYears', 5, '5 שנים'],
      ['he', 'outcome.cancelledAll', 3, '3 פקודות בוטלו'],
      ['hi', 'outcome.cancelledAll', 1, '1 ऑर्डर रद्द किया गया'],
      ['hi', 'outcome.cancelledAll', 5, '5 ऑर्डर रद्द किए गए'],
      ['hi', 'orders.lastDays', 7, 'पिछले 7 दिन'],
      ['bn', 'chart.rangeDays', 1, '1 দিন'],
      ['bn', 'outcome.cancelledAll', 3, '3টি অর্ডার বাতিল হয়েছে'],
      ['cs', 'chart.rangeDays', 1, '1 den'],
      ['cs', 'chart.rangeDays', 3, '3 dny'],
      ['cs', 'chart.rangeDays', 7, '7 dní'],
      ['cs', 'outcome.cancelledAll', 5, 'Zrušeno 5 pokynů'],
      ['hu', 'chart.rangeDays', 7, '7 nap'],
      ['hu', 'chart.rangeYears', 1, '1 év'],
      ['ro', 'chart.rangeDays', 1, '1 zi'],
      ['ro', 'chart.rangeDays', 7, '7 zile'],
      ['ro', 'chart.rangeDays', 30, '30 de zile'],
      ['ro', 'chart.rangeYears', 101, '101 ani'],
      ['el', 'chart.rangeDays', 1, '1 ημέρα'],
      ['el', 'chart.rangeDays', 7, '7 ημέρες'],
    ];
    for (const [locale, key, count, want] of cases) expect((await translator(locale)).t(key, { count }), `${locale} ${key} ${count}`).toBe(want);
  });
});
