import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The machine factor (issue 38): how much slower than our reference machine this one is now, from
 * scripts/machine-factor.mjs (a fixed CPU workload on as many threads as the tests' workers),
 * clamped to [1, 4]. Measured once, by the first process that asks (`npm test` or the Playwright
 * runner), and kept in E2E_MACHINE_FACTOR, so Playwright's workers (which load the config again)
 * and every spec share it. Set E2E_MACHINE_FACTOR yourself to force a factor.
 */
export function machineFactor(threads = 2): number {
  const cached = Number(process.env.E2E_MACHINE_FACTOR);
  if (cached > 0) return cached;
  const r = spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/machine-factor.mjs', import.meta.url)), '--json', '--threads', String(threads)], { encoding: 'utf8' });
  let factor = 1;
  try {
    const m = JSON.parse(r.stdout) as { factor: number; ms: number; raw: number; cores: number };
    factor = m.factor;
    console.log(`machine factor ${factor} (raw ${m.raw}: the workload took ${m.ms} ms on ${threads} threads; ${m.cores} cores): test budgets × ${factor}`);
  } catch {
    console.warn(`machine factor: the measurement failed (${r.stderr || r.error?.message}); using 1`);
  }
  process.env.E2E_MACHINE_FACTOR = String(factor);
  return factor;
}

/** A time budget in ms for this machine: `ms` was right on the reference machine. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactor());
}
