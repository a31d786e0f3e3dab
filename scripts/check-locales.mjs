#!/usr/bin/env node
// Checks every public/locales/<lng>/ against en: the same keys (plural families with exactly the
// forms Intl.PluralRules(lng) has; an extra _zero is allowed), the same {{placeholders}} per key,
// no empty strings. Prints what is wrong, per locale, and exits 1 if anything is.
//   node scripts/check-locales.mjs            all locales
//   node scripts/check-locales.mjs de fr      only these
//   node scripts/check-locales.mjs --todo de  the en strings de lacks, as JSON to translate
// tests/i18n/locales.test.ts runs the same checks in `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(import.meta.dirname, '..', 'public', 'locales');
const NAMESPACES = readdirSync(join(DIR, 'en')).map((f) => f.replace(/\.json$/, ''));
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}
const load = (lng, ns) => flatten(JSON.parse(readFileSync(join(DIR, lng, `${ns}.json`), 'utf8')));
const vars = (s) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');

/** The keys lng must have for en's keys: singular keys as is, plural families in lng's categories. */
function expectedKeys(en, lng) {
  const cats = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const out = new Map();
  for (const [k, v] of en) {
    const m = PLURAL.exec(k);
    if (!m) out.set(k, v);
    else if (m[2] === 'other') for (const c of cats) out.set(`${m[1]}_${c}`, v);
  }
  return out;
}

function check(lng) {
  const problems = [];
  const todo = {};
  for (const ns of NAMESPACES) {
    const en = load('en', ns);
    let have;
    try {
      have = load(lng, ns);
    } catch (e) {
      problems.push(`${ns}: cannot read (${e.message})`);
      continue;
    }
    const want = expectedKeys(en, lng);
    for (const [k, enValue] of want) {
      const v = have.get(k);
      if (typeof v !== 'string' || v.trim() === '') {
        problems.push(`${ns}:${k} missing`);
        todo[`${ns}:${k}`] = enValue;
      } else if (!PLURAL.test(k) && vars(v) !== vars(enValue)) problems.push(`${ns}:${k} has {{${vars(v)}}}, en has {{${vars(enValue)}}}`);
    }
    for (const k of have.keys()) {
      if (want.has(k) || (k.endsWith('_zero') && want.has(k.replace(/_zero$/, '_other')))) continue;
      problems.push(`${ns}:${k} is not in en (or not a plural form of ${lng})`);
    }
    for (const [k, v] of have) {
      const m = PLURAL.exec(k);
      if (!m || typeof v !== 'string') continue;
      const other = vars(en.get(`${m[1]}_other`) ?? '');
      if (m[2] === 'other' && vars(v) !== other) problems.push(`${ns}:${k} has {{${vars(v)}}}, en has {{${other}}}`);
      if (!vars(v).split(',').every((p) => p === '' || other.split(',').includes(p))) problems.push(`${ns}:${k} has a placeholder en lacks`);
    }
  }
  return { problems, todo };
}

const args = process.argv.slice(2);
if (args[0] === '--todo') {
  console.log(JSON.stringify(check(args[1]).todo, null, 2));
  process.exit(0);
}
const locales = args.length ? args : readdirSync(DIR).filter((l) => l !== 'en');
let bad = 0;
for (const lng of locales) {
  const { problems } = check(lng);
  if (problems.length) bad++;
  console.log(`${lng}: ${problems.length ? `${problems.length} problem(s)` : 'ok'}`);
  for (const p of problems) console.log(`  ${p}`);
}
process.exit(bad ? 1 : 0);
