import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 14 item 10: features call actions; only src/state/ assigns a signal's `.value`.
const ROOT = join(import.meta.dirname, '../..');
const UI_DIRS = ['src/features', 'src/app', 'src/ui'];
/** `x.value = …`, `x.value++`, `x.value += …` (not `==`, `===`, `=>`). */
const WRITE = /\b([\w$]+)\.value\s*(?:=(?![=>])|\+\+|--|[-+*/]=)/g;
/** DOM and Web Audio properties that are also called value. */
const NOT_SIGNALS = new Set(['target', 'currentTarget', 'frequency', 'gain']);
/**
 * Canvas mounts another change of issue 14 rewrites (the render part): their pointer writes move
 * into actions there. Remove a file from here once it has none; the test then keeps it so.
 */
const PENDING = new Set(['src/features/order-book/BookCanvas.tsx', 'src/features/chart-panel/ChartCanvas.tsx', 'src/features/chart-panel/DepthView.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Signal writes in `code`, as "line: target". */
export function signalWrites(code: string): string[] {
  const found: string[] = [];
  code.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(WRITE)) if (!NOT_SIGNALS.has(m[1]!)) found.push(`${i + 1}: ${m[1]}.value`);
  });
  return found;
}

describe('signal writes', () => {
  it('finds the forms a write takes, and not comparisons or DOM values', () => {
    expect(signalWrites('a.value = 1;\nb.value++;\nc.value += 2;\nif (d.value === 1) e.value == 2;\nf = (g) => g.value;\ne.target.value = "";')).toEqual([
      '1: a.value',
      '2: b.value',
      '3: c.value',
    ]);
  });

  it('features, the app shell and ui/ assign no signal (they call actions in src/state/)', () => {
    const offenders: string[] = [];
    for (const dir of UI_DIRS) {
      for (const file of sources(join(ROOT, dir))) {
        const rel = relative(ROOT, file);
        if (PENDING.has(rel)) continue;
        for (const w of signalWrites(readFileSync(file, 'utf8'))) offenders.push(`${rel}:${w}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the files still pending do write signals (drop them from PENDING once they stop)', () => {
    for (const rel of PENDING) expect(signalWrites(readFileSync(join(ROOT, rel), 'utf8')), rel).not.toEqual([]);
  });
});
