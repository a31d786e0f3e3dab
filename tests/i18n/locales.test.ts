import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/core/locale.ts';
import { NAMESPACES } from '../../src/i18n/setup.ts';

const DIR = join(__dirname, '..', '..', 'public', 'locales');

function flatten(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof obj !== 'object' || obj === null) return out;
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null) for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const load = (locale: string, ns: string) => flatten(JSON.parse(readFileSync(join(DIR, locale, `${ns}.json`), 'utf8')));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** The plural categories of a locale (CLDR, as i18next picks them with Intl.PluralRules). */
const categories = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];

/**
 * The keys a locale must ship, from en's: a plain key as it is; a plural key (en has
 * `base_one` and `base_other`) as `base_<category>` for each of the locale's own categories
 * (ja only `other`, ru `one few many other`, ar-SA all six), with en's `base_other` as its model.
 */
function expectedKeys(en: Map<string, unknown>, locale: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of en) {
    const m = PLURAL.exec(k);
    if (m && en.has(`${m[1]}_other`)) {
      if (m[2] === 'other') for (const cat of categories(locale)) out.set(`${m[1]}_${cat}`, v as string);
    } else out.set(k, v as string);
  }
  return out;
}

describe('shipped translations', () => {
  it('ship exactly the supported locales', () => {
    expect(readdirSync(DIR).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  for (const ns of NAMESPACES) {
    const en = load('en', ns);
    it(`en/${ns} has keys`, () => expect(en.size).toBeGreaterThan(0));
    for (const locale of SUPPORTED_LOCALES) {
      it(`${locale}/${ns} has every key en has (plural forms: the locale's own), with the same placeholders`, () => {
        const other = load(locale, ns);
        const want = expectedKeys(en, locale);
        const missing = [...want.keys()].filter((k) => typeof other.get(k) !== 'string' || (other.get(k) as string).trim() === '');
        expect(missing, `missing in ${locale}/${ns}`).toEqual([]);
        for (const [k, v] of want) expect(placeholders(other.get(k) as string), `${locale}/${ns}:${k}`).toEqual(placeholders(v));
        const extra = [...other.keys()].filter((k) => !want.has(k));
        expect(extra, `keys ${locale}/${ns} should not have`).toEqual([]);
      });
    }
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('translation keys used by the page', () => {
  it('every literal t(\'key\') in src/ exists in en', () => {
    const en = new Map([...NAMESPACES].flatMap((ns) => [...load('en', ns)].map(([k, v]) => [ns === 'spotExchange' ? k : `${ns}:${k}`, v] as const)));
    const used = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..', '..', 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^'$]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    // A plural key is used by its base name: t('chart.rangeDays', { count }).
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`))).toEqual([]);
  });

  it('other locales are translated, not copies of English', () => {
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      const en = load('en', 'spotExchange');
      const other = load(locale, 'spotExchange');
      const same = [...en].filter(([k, v]) => other.get(k) === v && /[a-z]{4,}/i.test(String(v)));
      expect(same.length / en.size, `${locale}: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(0.1);
    }
  });
});
