import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { checkBundle, checkTestBundle } from '../../scripts/check-bundle.mjs';
import { chunksLoadedBy } from '../../scripts/module-workers.ts';
import { pixiExports } from '../../scripts/pixi-imports.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const WASM = 'book.release-AbCd1234.wasm';
const PRELOAD = `<link rel="preload" href="/assets/${WASM}" as="fetch" type="application/wasm" crossorigin="">`;

/** A fake dist/ with these files (paths relative to it). */
function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-check-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const clean = {
  'index.html': `<head>${PRELOAD}</head>`,
  [`assets/${WASM}`]: 'wasm',
  'assets/canvas-worker-Abc123.js': 'import{a as e}from"./pixi-Def456.js";e();',
  'assets/pixi-Def456.js': 'export function a(){return import(`./gl-Ghi789.js`)}',
  'assets/gl-Ghi789.js': 'export const gl=1;',
  // The page's own chunk has React; the worker never loads it.
  'assets/index-Jkl012.js': 'const x=Symbol.for("react.transitional.element");import"./pixi-Def456.js";',
};

describe('scripts/check-bundle.mjs', () => {
  it('passes a build whose canvas worker loads no React, and lists every chunk the worker can load', () => {
    const { problems, worker } = checkBundle(dist(clean));
    expect(problems).toEqual([]);
    expect([...worker].sort()).toEqual(['assets/canvas-worker-Abc123.js', 'assets/gl-Ghi789.js', 'assets/pixi-Def456.js']);
  });

  it('fails when a chunk the worker loads, even through import(), contains React', () => {
    const { problems } = checkBundle(dist({ ...clean, 'assets/gl-Ghi789.js': 'var e=Symbol.for(`react.transitional.element`);' }));
    expect(problems).toEqual([expect.stringContaining('the canvas worker loads assets/gl-Ghi789.js, which contains React')]);
  });

  it('fails on published source maps and on a missing preload of the book engine', () => {
    const { problems } = checkBundle(dist({ ...clean, 'index.html': '<head></head>', 'assets/index-Jkl012.js.map': '{}' }));
    expect(problems).toEqual([expect.stringContaining('source maps are published'), expect.stringContaining('does not preload')]);
  });
});

describe('scripts/check-bundle.mjs: debug hooks', () => {
  const hooks = { 'assets/debug-hooks-Mno345.js': 'window.__spotDebug={};', 'assets/Region-Pqr678.js': 'throw Error(`requested crash of region ${r}`)' };

  it('fails a production build that carries window.__spotDebug or the crash probe', () => {
    expect(checkBundle(dist({ ...clean, 'assets/index-Jkl012.js': 'window.__spotDebug={crash(){}};' })).problems).toEqual([
      expect.stringContaining('debug hooks in the production build: assets/index-Jkl012.js: __spotDebug'),
    ]);
    expect(checkBundle(dist({ ...clean, 'assets/Region-Pqr678.js': hooks['assets/Region-Pqr678.js'] })).problems).toEqual([
      expect.stringContaining('requested crash of region'),
    ]);
  });

  it('asks the test build for every hook', () => {
    expect(checkTestBundle(dist({ ...clean, ...hooks }))).toEqual([]);
    expect(checkTestBundle(dist({ ...clean, 'assets/debug-hooks-Mno345.js': hooks['assets/debug-hooks-Mno345.js'] }))).toEqual([
      expect.stringContaining('lacks the debug hook "requested crash of region"'),
    ]);
    expect(checkTestBundle(dist(clean))).toHaveLength(2);
  });
});

describe('scripts/module-workers.ts', () => {
  it('follows static and dynamic imports, once each', () => {
    const chunks = new Map([
      ['w.js', { imports: ['a.js'], dynamicImports: ['b.js'] }],
      ['a.js', { imports: ['c.js'], dynamicImports: [] }],
      ['b.js', { imports: ['a.js'], dynamicImports: [] }],
      ['c.js', { imports: ['a.js'], dynamicImports: [] }],
      ['page.js', { imports: ['a.js'], dynamicImports: [] }],
    ]);
    expect(chunksLoadedBy('w.js', chunks).sort()).toEqual(['a.js', 'b.js', 'c.js', 'w.js']);
  });
});

describe('scripts/pixi-imports.ts', () => {
  it("maps PixiJS's exported names to the modules that define them", () => {
    const require = createRequire(import.meta.url);
    const map = pixiExports(join(dirname(require.resolve('pixi.js')), 'index.mjs'));
    expect(map.get('Container')?.from).toMatch(/lib\/scene\/container\/Container\.mjs$/);
    expect(map.get('autoDetectRenderer')?.from).toMatch(/lib\/rendering\/renderers\/autoDetectRenderer\.mjs$/);
    expect(map.get('EventEmitter')).toEqual({ from: 'eventemitter3', name: 'default' });
    expect(map.size).toBeGreaterThan(500);
  });
});
