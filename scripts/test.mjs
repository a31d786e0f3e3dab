// npm test: install what is needed, then typecheck, lint, build, unit tests and browser tests.
// Ends with one line `tests: N passed, N failed` summing vitest and Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, ensureChromium, run, bin, ROOT } from './lib.mjs';

const started = Date.now();
const results = join(ROOT, '.test-report');
rmSync(results, { recursive: true, force: true });

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const vitest = join(results, 'vitest.json');
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  const pw = join(results, 'playwright.json');
  if (existsSync(pw)) {
    const s = JSON.parse(readFileSync(pw, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

/**
 * The machine factor (issue 38), measured just before the unit tests and again before the browser
 * tests (what runs then is what their budgets must follow) and handed to vitest (vite.config.ts) and
 * Playwright in E2E_MACHINE_FACTOR, unless it was set by hand.
 */
const given = process.env.E2E_MACHINE_FACTOR;
let factor = given;
/** Measured again before each test step (unit, then browser), since what else runs differs. */
function measureMachine() {
  if (given) return console.log(`machine factor ${factor} (from E2E_MACHINE_FACTOR)`);
  const r = spawnSync('node', [join(ROOT, 'scripts/machine-factor.mjs')], { cwd: ROOT, encoding: 'utf8' });
  factor = /machine factor ([\d.]+)/.exec(r.stdout)?.[1] ?? '1';
  process.stdout.write(r.stdout || `machine factor: the measurement failed (${r.stderr}); using 1\n`);
  process.env.E2E_MACHINE_FACTOR = factor;
  factors.push(factor);
}
const factors = [];

/**
 * The typecheck runs beside the lint and the build (tsc keeps one core, the build's bundler the
 * rest): started here, its output kept in a file, and waited for as a step of its own after them.
 */
let typecheck;
function startTypecheck() {
  mkdirSync(results, { recursive: true });
  const log = join(results, 'typecheck.log');
  const fd = openSync(log, 'w');
  const t = Date.now();
  const child = spawn(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { cwd: ROOT, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const done = new Promise((resolve) => {
    child.on('error', (err) => resolve({ code: 1, err }));
    child.on('exit', (code, signal) => resolve({ code: code ?? signal }));
  });
  typecheck = { log, t, done };
}
async function awaitTypecheck() {
  const { code, err } = await typecheck.done;
  process.stdout.write(readFileSync(typecheck.log, 'utf8'));
  console.log(`(the typecheck itself took ${((Date.now() - typecheck.t) / 1000).toFixed(1)} s from its start, beside the lint and the build)`);
  if (err) throw new Error(`tsc: ${err.message}`);
  if (code !== 0) throw new Error(`tsc -p tsconfig.json --noEmit exited with ${code}`);
}

let failure;
const steps = [
  ['typecheck (started)', () => startTypecheck()],
  // oxlint loads its TypeScript configuration through tsx (Node 20 runs no TypeScript itself).
  ['lint', () => run('node', ['--import', 'tsx', join(ROOT, 'node_modules/oxlint/bin/oxlint'), 'src', 'server'])],
  ['build', () => run('npm', ['run', '--silent', 'build'])],
  ['typecheck', () => awaitTypecheck()],
  ['unit tests', () => {
    measureMachine();
    run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'vitest.json')}`]);
  }],
  ['browser tests', () => {
    measureMachine();
    run(bin('playwright'), ['test']);
  }],
];
try {
  ensureDeps();
  ensureChromium();
} catch (err) {
  console.error(`npm test: ${err.message}`);
  process.exit(1);
}
for (const [name, step] of steps) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    await step();
    console.log(`=== ${name}: ok (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failure = `${name} failed: ${err.message}`;
    console.error(`=== ${failure}`);
    break;
  }
}
const { passed, failed, skipped } = counts();
console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s${factors.length ? ` (machine factor: ${factors.map((f, i) => `${f} for the ${i === 0 ? 'unit' : 'browser'} tests`).join(', ')})` : ''}${failure ? `; ${failure}` : ''}`);
const total = failure && failed === 0 ? 1 : failed;
console.log(`tests: ${passed} passed, ${total} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failure || failed > 0 ? 1 : 0);
