// npm run test:slow: the browser tests on a machine made slower on purpose (issue 38), to prove the
// suite passes there too: a busy loop at nice 19 on one core (other work on the machine) and every
// page's main thread throttled by Chromium (CDP CPU throttling, rate 2; e2e/support/test.ts). The
// machine factor is measured with the busy loop running, so the test budgets follow it as they
// would on such a machine. The busy loop is stopped at the end whatever happens.
//
//   npm run test:slow [-- <playwright test args>]     E2E_CPU_THROTTLE=3 to throttle harder
//   TEST_SLOW_BUILD=1 builds first (as does a missing dist-test/)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ROOT, run } from './lib.mjs';

const started = Date.now();
const THROTTLE = process.env.E2E_CPU_THROTTLE || '2';

if (process.env.TEST_SLOW_BUILD === '1' || !existsSync(join(ROOT, process.env.E2E_WEB ?? 'dist-test'))) run('npm', ['run', '--silent', 'build']);

// Its own session (detached: setsid), so its own scheduling group: with the kernel's autogroups a
// nice 19 loop in the tests' own session would take almost nothing from them, unlike other work.
// It checks every ~0.1 s that this script is still there, so it ends with it even on a SIGKILL.
const LOOP = `const p = ${process.pid}; for (;;) { for (let i = 0; i < 3e7; i++); try { process.kill(p, 0); } catch { process.exit(0); } }`;
const loop = spawn('nice', ['-n', '19', process.execPath, '-e', LOOP], { detached: true, stdio: 'ignore' });
let stopped = false;
function stopLoop() {
  if (stopped) return;
  stopped = true;
  try {
    process.kill(-loop.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
process.on('exit', stopLoop);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    stopLoop();
    process.exit(130);
  });
}
console.log(`test:slow: busy loop at nice 19 (pid ${loop.pid}), pages' CPU throttled ×${THROTTLE}`);

// Let the loop start before timing the machine.
await new Promise((r) => setTimeout(r, 500));
let factor = process.env.E2E_MACHINE_FACTOR;
if (!factor) {
  const m = spawnSync(process.execPath, [join(ROOT, 'scripts/machine-factor.mjs')], { cwd: ROOT, encoding: 'utf8' });
  process.stdout.write(m.stdout);
  factor = /machine factor ([\d.]+)/.exec(m.stdout)?.[1] ?? '1';
}

const pw = spawnSync(bin('playwright'), ['test', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, E2E_MACHINE_FACTOR: factor, E2E_CPU_THROTTLE: THROTTLE },
});
stopLoop();
const code = pw.status ?? 1;
console.log(`\ntest:slow took ${((Date.now() - started) / 1000).toFixed(0)} s (machine factor ${factor} with the busy loop, CPU ×${THROTTLE}): ${code === 0 ? 'passed' : `failed (${pw.status ?? pw.signal})`}`);
process.exit(code);
