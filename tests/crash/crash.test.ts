// The crash harness at the size of `npm test` (`npm run test:crash` runs a thousand kills and every
// point of every script): the exchange is killed with SIGKILL inside money steps, restarted on the
// same data, and every restart finds every promise kept, every resting order on its book and every
// acknowledged request stored.
import { describe, expect, test } from 'vitest';
import { runHarness, runScripted, SCRIPTS } from './harness.ts';

const LIVES = Number(process.env.CRASH_LIVES ?? 21);
const POINTS = Number(process.env.CRASH_POINTS ?? 6);

describe('crash at any point', () => {
  test.skipIf(LIVES === 0)(`${LIVES} kills at random points across trading, margin, liquidation, tokens, grid, strategies and demo funds: nothing lost or doubled`, async () => {
    const r = await runHarness({ lives: LIVES, seed: 30 });
    console.log(`crash harness: ${r.kills} kills in ${r.lives} lives, ${r.acks} acknowledged requests, ${r.seconds.toFixed(0)} s`, r.byArea, r.byPoint);
    expect(r.problems).toEqual([]);
    // Most lives must really die mid-step, in every area, or the check would hold vacuously.
    expect(r.kills).toBeGreaterThan(LIVES * 0.8);
    for (const [area, n] of Object.entries(r.byArea)) expect(n, area).toBeGreaterThan(0);
  }, 900_000);

  for (const name of Object.keys(SCRIPTS) as Array<keyof typeof SCRIPTS>) {
    test(`${name}: killed at ${POINTS} points spread over the step, each restart adds up`, async () => {
      const r = await runScripted(name, { points: POINTS });
      console.log(`${name}: ${r.kills} kills of ${r.points} points`);
      expect(r.problems).toEqual([]);
      expect(r.kills).toBe(Math.min(POINTS, r.points));
      expect(r.points).toBeGreaterThan(5);
    }, 900_000);
  }
});
