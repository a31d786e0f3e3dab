// Checks the production build in dist/ (run by `npm run build` after vite build):
//  - the canvas worker, with every chunk it can load, carries no React (it draws with PixiJS and
//    takes its data from the feed worker; React there would be parsed for nothing);
//  - no source maps are published;
//  - index.html preloads the WebAssembly book engine;
//  - no debug hook (window.__spotDebug, the crash probe) ships in it; the test build beside it
//    (dist-test/, `vite build --mode test`, what the browser tests serve) must have them, or the
//    tests would be checking something else.
// `node scripts/check-bundle.mjs [dist] [--list]` (--list prints the worker's chunks).
// It reads the built files only, so it also catches a bundler or plugin change that the build's
// own check (scripts/module-workers.ts) would not see.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Strings only React's own builds contain (react, react-dom, the signals adapter's use of them). */
export const REACT_MARKERS = [
  'react.transitional.element',
  'react.element',
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED',
  'react-dom',
];

/** Strings only the debug hooks contain (src/app/debug-hooks.ts, src/features/crash-probe). */
export const DEBUG_MARKERS = ['__spotDebug', 'requested crash of region'];

/** Debug markers found in `dist`'s JavaScript, as "file: marker". */
export function debugHooksIn(dist) {
  const dir = join(dist, 'assets');
  const found = [];
  if (!existsSync(dir)) return found;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.js'))) {
    const code = readFileSync(join(dir, f), 'utf8');
    for (const m of DEBUG_MARKERS) if (code.includes(m)) found.push(`assets/${f}: ${m}`);
  }
  return found;
}

// Minified output quotes with ", ' or ` alike.
const IMPORT_RE = /(?:\bimport\s*(?:[\w$*{}\s,]+from\s*)?|\bexport\s*[\w$*{}\s,]+from\s*|\bimport\s*\(\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
const MAP_DEPS_RE = /["'`](assets\/[^"'`]+\.js)["'`]/g;

/** The JavaScript files (dist-relative) a chunk imports, statically or dynamically. */
export function importsOf(dist, file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const out = new Set();
  for (const m of code.matchAll(IMPORT_RE)) out.add(posix.normalize(posix.join(posix.dirname(file), m[1])));
  // Vite's preload lists name dependencies from the output root.
  if (code.includes('__vite__mapDeps')) for (const m of code.matchAll(MAP_DEPS_RE)) out.add(m[1]);
  return [...out].filter((f) => existsSync(join(dist, f)));
}

/** Every chunk `entry` may load, itself included. */
export function chunksFrom(dist, entry) {
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...importsOf(dist, f));
  }
  return [...seen];
}

/** Problems with the build in `dist`, empty when it is fine; `worker` lists the canvas worker's chunks. */
export function checkBundle(dist) {
  const problems = [];
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
  const maps = assets.filter((f) => f.endsWith('.map'));
  if (maps.length) problems.push(`source maps are published: ${maps.slice(0, 3).join(', ')}${maps.length > 3 ? ` and ${maps.length - 3} more` : ''}`);
  const entries = assets.filter((f) => /^canvas-worker-[\w-]+\.js$/.test(f));
  if (entries.length !== 1) problems.push(`expected one assets/canvas-worker-*.js, found ${entries.length}`);
  const worker = entries.length === 1 ? chunksFrom(dist, `assets/${entries[0]}`) : [];
  for (const file of worker) {
    const code = readFileSync(join(dist, file), 'utf8');
    const marker = REACT_MARKERS.find((m) => code.includes(m));
    if (marker) problems.push(`the canvas worker loads ${file}, which contains React ("${marker}")`);
  }
  const html = existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
  const wasm = assets.find((f) => /^book\.release-[\w-]+\.wasm$/.test(f));
  if (!wasm) problems.push('no assets/book.release-*.wasm');
  else if (!new RegExp(`<link rel="preload" href="/assets/${wasm.replace(/[.-]/g, '\\$&')}" as="fetch" type="application/wasm" crossorigin`).test(html)) {
    problems.push(`index.html does not preload assets/${wasm} (as="fetch" crossorigin)`);
  }
  const hooks = debugHooksIn(dist);
  if (hooks.length) problems.push(`debug hooks in the production build: ${hooks.slice(0, 3).join(', ')}`);
  return { problems, worker };
}

/** Problems with the test build in `dist`: it must carry every debug hook. */
export function checkTestBundle(dist) {
  const found = debugHooksIn(dist).join('\n');
  return DEBUG_MARKERS.filter((m) => !found.includes(m)).map((m) => `the test build ${dist}/ lacks the debug hook "${m}"`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'dist';
  const { problems, worker } = checkBundle(dist);
  // The test build beside the default dist/ (npm run build makes both).
  const testDist = process.argv.slice(2).some((a) => !a.startsWith('--')) ? null : 'dist-test';
  if (testDist && existsSync(join(testDist, 'index.html'))) problems.push(...checkTestBundle(testDist));
  if (process.argv.includes('--list')) {
    for (const f of worker) {
      const b = readFileSync(join(dist, f));
      console.log(`${String(b.length).padStart(9)} B  ${String(gzipSync(b).length).padStart(8)} B gzip  ${basename(f)}`);
    }
  }
  if (problems.length) {
    console.error(`bundle check failed (${dist}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`bundle check: ${dist}/ has no source maps and no debug hooks, preloads the book engine, and the canvas worker's ${worker.length} chunks carry no React${testDist ? `; ${testDist}/ has the debug hooks` : ''}`);
}
