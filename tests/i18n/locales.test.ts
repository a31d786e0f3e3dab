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

describe('shipped translations', () => {
  it('ship exactly the supported locales', () => {
    expect(readdirSync(DIR).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  for (const ns of NAMESPACES) {
    const en = load('en', ns);
    it(`en/${ns} has keys`, () => expect(en.size).toBeGreaterThan(0));
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}/${ns} has every key en has, with the same placeholders`, () => {
        const other = load(locale, ns);
        const missing = [...en.keys()].filter((k) => typeof other.get(k) !== 'string' || (other.get(k) as string).trim() === '');
        expect(missing, `missing in ${locale}/${ns}`).toEqual([]);
        for (const [k, v] of en) expect(placeholders(other.get(k) as string), `${locale}/${ns}:${k}`).toEqual(placeholders(v as string));
        const extra = [...other.keys()].filter((k) => !en.has(k));
        expect(extra, `keys only in ${locale}/${ns}`).toEqual([]);
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
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
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
