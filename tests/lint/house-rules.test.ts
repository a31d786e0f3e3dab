// Issue 31 item 5: money and dates by the house rules. In the features, the state and the app
// shell: no money through binary floats (`Number(`/`parseFloat(` of a price, size, balance, P&L…:
// decimal strings and core/decimal.ts; a price becomes a chart coordinate only through
// core/chart/plot.ts), no date that is not in the page's language (core/datetime.ts; no
// toLocale*String() without a locale, no Intl formatter of the browser's language), and no raw
// <table> (ui/Table or ui/VirtualTable). Each finder is shown failing on a violation first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DIRS = ['src/features', 'src/state', 'src/app'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Comments out: a rule quoted in a comment is not a use of it. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The text between the parenthesis at `open` and its match. */
function argsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

/** Names that hold money (or a rate of it): a price, a size, a balance, a P&L and their kin. */
const MONEY = /price|qty|quantity|size|amount|balance|pnl|profit|invest|free|locked|borrow|interest|nav|fee|apr|avg|cost|equity|total|lower|upper|liabilit|\blast\b|\brate\b|\bratio\b/i;

/**
 * `Number(…)` or `parseFloat(…)` of something named like money, or of anything a formatter then
 * shows (`.format(Number(r))`: a figure a person reads went through a float), as "line: call".
 */
export function moneyFloats(text: string): string[] {
  const src = code(text);
  const found: string[] = [];
  for (const m of src.matchAll(/\b(?:Number|parseFloat|Number\.parseFloat)\s*\(/g)) {
    const args = argsAt(src, m.index + m[0].length - 1);
    const shown = /\.format\(\s*$/.test(src.slice(Math.max(0, m.index - 12), m.index));
    // DOM values typed into selects and sliders are counts and choices, not money.
    if (shown || MONEY.test(args.replace(/\b(?:e|ev|event)\.(?:current)?[tT]arget\.value\b/g, ''))) found.push(`${lineOf(src, m.index)}: ${m[0]}${args})`);
  }
  return found;
}

/** Latin digits asked for (the page writes 0-9 in every language, as its prices). */
const LATN = /numberingSystem:\s*['"]latn['"]/;

/** Dates or numbers written in the browser's language, or dates formatted outside core/datetime.ts, as "line: what". */
export function unlocalisedDates(text: string): string[] {
  const src = code(text);
  const found: string[] = [];
  for (const m of src.matchAll(/\.toLocale(Date|Time)?String\s*\(/g)) {
    const args = argsAt(src, m.index + m[0].length - 1).trim();
    // A date's or time's own: only core/datetime.ts writes dates; a number's: only with a locale.
    // A number's in ar-SA or fa would get Arabic-Indic digits unless it asks for Latin ones (issue 33 item 5).
    if (m[1] || args === '' || /^(undefined|\[\s*\])\s*(,|$)/.test(args) || !LATN.test(args)) found.push(`${lineOf(src, m.index)}: ${m[0]}${args})`);
  }
  for (const m of src.matchAll(/(new\s+)?Intl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat)\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const args = argsAt(src, open).trim();
    const after = src.slice(open + args.length + 2).trimStart();
    // Reading the browser's own time zone formats nothing.
    if (after.startsWith('.resolvedOptions()')) continue;
    if (m[2] !== 'NumberFormat' || args === '' || /^(undefined|\[\s*\])\s*(,|$)/.test(args) || !LATN.test(args)) found.push(`${lineOf(src, m.index)}: ${m[0]}${args})`);
  }
  return found;
}

/** A <table> written by hand instead of ui/Table or ui/VirtualTable, as "line". */
export function rawTables(text: string): string[] {
  const src = code(text);
  return [...src.matchAll(/<table\b/g)].map((m) => `${lineOf(src, m.index)}: <table`);
}

function offenders(find: (text: string) => string[]): string[] {
  const out: string[] = [];
  for (const dir of DIRS) for (const file of sources(join(ROOT, dir))) for (const f of find(readFileSync(file, 'utf8'))) out.push(`${relative(ROOT, file)}:${f}`);
  return out;
}

describe('the finders', () => {
  it('find Number( and parseFloat( of money, not of counts, choices or pixels', () => {
    expect(
      moneyFloats(
        [
          'const pnl = (Number(last) - Number(p.avgPrice)) * Number(p.size);',
          "const x = Number(el.dataset.linePrice) + parseFloat(b.totalInvestment);",
          'const n = Number(grids); const s = Number(e.target.value); const y = Number(el.dataset.y);',
          '// Number(p.price) in a comment is not a use',
          'const v = Number(\n  t.lastPrice,\n);',
          "const pct = (r: string) => new Intl.NumberFormat(lng, { style: 'percent' }).format(Number(r)); const up = Number(last) > Number(rate);",
        ].join('\n'),
      ),
    ).toEqual([
      '1: Number(last)', '1: Number(p.avgPrice)', '1: Number(p.size)', '2: Number(el.dataset.linePrice)', '2: parseFloat(b.totalInvestment)', '5: Number(\n  t.lastPrice,\n)',
      '8: Number(r)', '8: Number(last)', '8: Number(rate)',
    ]);
  });

  it('find dates in the browser language or outside core/datetime.ts, and numbers without a locale', () => {
    expect(
      unlocalisedDates(
        [
          'new Date(a.receivedAt).toLocaleTimeString();',
          "d.toLocaleDateString('en');",
          'n.toLocaleString(); m.toLocaleString(undefined, { maximumFractionDigits: 2 }); k.toLocaleString(i18n.language);',
          "const f = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });",
          "const g = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });",
          "new Intl.NumberFormat(undefined, { style: 'percent' }); new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond' });",
          'const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;',
          "new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond', numberingSystem: 'latn' }); k.toLocaleString(lng, { numberingSystem: 'latn' });",
        ].join('\n'),
      ),
    ).toEqual([
      '1: .toLocaleTimeString()',
      "2: .toLocaleDateString('en')",
      '3: .toLocaleString()',
      '3: .toLocaleString(undefined, { maximumFractionDigits: 2 })',
      '3: .toLocaleString(i18n.language)',
      "4: new Intl.DateTimeFormat(undefined, { dateStyle: 'short' })",
      "5: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })",
      "6: new Intl.NumberFormat(undefined, { style: 'percent' })",
      "6: new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond' })",
    ]);
  });

  it('find a raw <table>, not a <Table> or a word in a comment', () => {
    expect(rawTables('<table className="x">\n<Table rows={r} />\n// a <table> of old\n<VirtualTable />')).toEqual(['1: <table']);
  });
});

describe('the features, the state and the app shell', () => {
  it('put no money through binary floats', () => {
    expect(offenders(moneyFloats)).toEqual([]);
  });

  it('write dates only through core/datetime.ts, in the page language', () => {
    expect(offenders(unlocalisedDates)).toEqual([]);
  });

  it('draw every table through ui/Table or ui/VirtualTable', () => {
    expect(offenders(rawTables)).toEqual([]);
  });
});
