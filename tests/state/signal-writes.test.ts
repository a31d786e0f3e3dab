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
        for (const w of signalWrites(readFileSync(file, 'utf8'))) offenders.push(`${rel}:${w}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
