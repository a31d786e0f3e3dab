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
/** Plural families (i18next `count` keys: base_one, base_other, ...) by base key, with their forms. */
function plurals(keys: Iterable<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const k of keys) {
    const m = PLURAL.exec(k);
    if (!m) continue;
    if (!out.has(m[1]!)) out.set(m[1]!, new Set());
    out.get(m[1]!)!.add(m[2]!);
  }
  return out;
}
const sameKeys = (a: Iterable<string>) => [...a].sort();

describe('shipped translations', () => {
  it('ship exactly the supported locales', () => {
    expect(readdirSync(DIR).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  for (const ns of NAMESPACES) {
    const en = load('en', ns);
    it(`en/${ns} has keys`, () => expect(en.size).toBeGreaterThan(0));
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}/${ns} has every key en has, with the same placeholders, and the plural forms its language needs`, () => {
        const other = load(locale, ns);
        const singular = (m: Map<string, unknown>) => [...m.keys()].filter((k) => !PLURAL.test(k));
        const missing = singular(en).filter((k) => typeof other.get(k) !== 'string' || (other.get(k) as string).trim() === '');
        expect(missing, `missing in ${locale}/${ns}`).toEqual([]);
        for (const k of singular(en)) expect(placeholders(other.get(k) as string), `${locale}/${ns}:${k}`).toEqual(placeholders(en.get(k) as string));
        const extra = singular(other).filter((k) => !en.has(k));
        expect(extra, `keys only in ${locale}/${ns}`).toEqual([]);
        // Plural families: the same ones as en, each with exactly the forms the language's plural rules
        // have (an extra _zero is allowed: i18next uses it for a count of 0 in any language).
        const enFamilies = plurals(en.keys());
        const families = plurals(other.keys());
        expect(sameKeys(families.keys()), `plural families of ${locale}/${ns}`).toEqual(sameKeys(enFamilies.keys()));
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
        for (const [base, forms] of families) {
          expect(sameKeys([...forms].filter((f) => f !== 'zero' || categories.includes('zero'))), `${locale}/${ns}:${base}`).toEqual(sameKeys(categories));
          const want = placeholders(en.get(`${base}_other`) as string);
          expect(placeholders(other.get(`${base}_other`) as string), `${locale}/${ns}:${base}_other`).toEqual(want);
          for (const f of forms) expect(placeholders(other.get(`${base}_${f}`) as string).every((p) => want.includes(p)), `${locale}/${ns}:${base}_${f}`).toBe(true);
        }
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
    // A plural key is used bare (t('x', { count })) and shipped as x_one, x_other, ...
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`))).toEqual([]);
  });

  it('translations write numbers in Latin digits, as the page does (no Bengali, Devanagari or Arabic-Indic digits)', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const ns of NAMESPACES) {
        const native = [...load(locale, ns)].filter(([, v]) => [...String(v)].some((c) => /\p{Nd}/u.test(c) && !/[0-9]/.test(c)));
        expect(native.map(([k]) => k), `${locale}/${ns}`).toEqual([]);
      }
    }
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
