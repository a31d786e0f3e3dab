// docs/spec-coverage.md (issue 34 item 5) stays honest: every file its table cites exists, and
// every test it names (`file` › "part of its title") is in that file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = 'docs/spec-coverage.md';
const STATUSES = ['done', 'partial', 'missing', 'cannot'];

interface Row {
  line: number;
  cells: string[];
}

/** The table's body rows, each split into its cells. */
function tableRows(md: string): Row[] {
  const rows: Row[] = [];
  md.split('\n').forEach((text, i) => {
    if (!text.startsWith('|') || /^\|[-| ]+\|$/.test(text) || text.startsWith('| Section')) return;
    rows.push({ line: i + 1, cells: text.slice(1, -1).split(' | ').map((c) => c.trim()) });
  });
  return rows;
}

/** Problems with one row: a bad status, a cited file that does not exist, a named test not in its file. */
function rowProblems(row: Row, exists: (path: string) => boolean, read: (path: string) => string): string[] {
  const out: string[] = [];
  const [, , status = '', code = '', tests = ''] = row.cells;
  if (row.cells.length !== 5) out.push(`line ${row.line}: ${row.cells.length} cells, not 5`);
  if (!STATUSES.some((s) => status === s || status.startsWith(`${s}:`))) out.push(`line ${row.line}: status "${status}"`);
  if (status.startsWith('partial') || status.startsWith('missing') || status.startsWith('cannot')) {
    if (!status.includes(':') && !status.startsWith('missing')) out.push(`line ${row.line}: a ${status} row says why`);
  }
  for (const m of `${code} ${tests}`.matchAll(/`([^`]+\.(?:ts|tsx|md|json|mjs))`/g)) {
    if (!exists(m[1]!)) out.push(`line ${row.line}: no file ${m[1]}`);
  }
  for (const m of tests.matchAll(/`([^`]+)` › "([^"]+)"/g)) {
    if (exists(m[1]!) && !read(m[1]!).includes(m[2]!)) out.push(`line ${row.line}: no test "${m[2]}" in ${m[1]}`);
  }
  return out;
}

const exists = (p: string) => existsSync(join(ROOT, p));
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

describe('docs/spec-coverage.md', () => {
  test('every cited file exists and every named test is in its file; statuses are known and say why when not done', () => {
    const rows = tableRows(read(DOC));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.flatMap((r) => rowProblems(r, exists, read))).toEqual([]);
  });

  test('the check fails on a file or a test that is not there, and on an unknown status', () => {
    const row = (cells: string[]): Row => ({ line: 1, cells });
    expect(rowProblems(row(['4.7', 'x', 'done', '`src/core/no-such-file.ts`', '—']), exists, read)).toEqual(['line 1: no file src/core/no-such-file.ts']);
    expect(rowProblems(row(['4.7', 'x', 'done', '`src/core/order-push.ts`', '`tests/trading/order-push.test.ts` › "a title nobody wrote"']), exists, read)).toEqual([
      'line 1: no test "a title nobody wrote" in tests/trading/order-push.test.ts',
    ]);
    expect(rowProblems(row(['4.7', 'x', 'finished', '—', '—']), exists, read)).toEqual(['line 1: status "finished"']);
    expect(rowProblems(row(['4.7', 'x', 'partial', '—', '—']), exists, read)).toEqual(['line 1: a partial row says why']);
  });
});
