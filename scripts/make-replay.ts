// npm run replay:make: makes server/replays/volatile-hour.rec.gz, an hour of the simulated markets
// with a scripted spike, crash and recovery, deterministically: the simulator's random streams are
// seeded from the start time (the seed), its clock is simulated, and the file has no wall times.
//   tsx scripts/make-replay.ts [--out FILE] [--seed START_MS] [--minutes N]
import { Markets } from '../server/exchange/sim/markets.ts';
import { MarketRecorder, RecordingWriter } from '../server/exchange/replay/recorder.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const out = args.get('out') ?? 'server/replays/volatile-hour.rec.gz';
/** 2026-03-02 14:00 UTC: the session's start, which also seeds every symbol's random stream. */
const seed = Number(args.get('seed') ?? Date.UTC(2026, 2, 2, 14, 0, 0));
const minutes = Number(args.get('minutes') ?? 60);
if (!Number.isSafeInteger(seed) || seed <= 0 || !(minutes > 0 && minutes <= 240)) throw new Error('usage: --seed START_MS (epoch ms) --minutes 1-240');

/** Simulated step (ms). */
const STEP = 20;
const MIN = 60_000;

/**
 * The script, as the log of a market-wide price multiplier over time (minutes): calm for ten
 * minutes, a 6 % spike over four, a crash of 15 % over eight, a recovery of 10 % over eighteen,
 * then calm. Each pair follows it with its own beta (ETHBTC barely: both legs move).
 */
const PATH: ReadonlyArray<readonly [number, number]> = [[0, 0], [10, 0], [14, Math.log(1.06)], [22, Math.log(1.06 * 0.85)], [40, Math.log(1.06 * 0.85 * 1.1)], [60, Math.log(1.06 * 0.85 * 1.1)]];
const BETA: Record<string, number> = { BTCUSDT: 1, ETHUSDT: 1.25, SOLUSDT: 1.6, XRPUSDT: 1.4, PEPEUSDT: 2.2, ETHBTC: 0.25 };
/** Order flow is busier while the market moves (calm at 0.4 of the simulator's usual rate and 1.5 in the storm, to keep the file a few MB). */
const rateAt = (min: number) => {
  const scaled = (min * 60) / minutes;
  return scaled >= 10 && scaled < 30 ? 1.5 : 0.4;
};

function pathAt(min: number): number {
  const scaled = (min * 60) / minutes; // a shorter run keeps the whole script
  for (let i = 1; i < PATH.length; i++) {
    const [t1, v1] = PATH[i]!;
    const [t0, v0] = PATH[i - 1]!;
    if (scaled <= t1) return v0 + ((v1 - v0) * (scaled - t0)) / (t1 - t0);
  }
  return PATH[PATH.length - 1]![1];
}

let now = seed;
const markets = new Markets({ rate: 1, stress: false, startTime: seed, autoStart: false, clock: () => now });
const writer = new RecordingWriter(out, { timer: false, sync: false });
const depth = Number(args.get('depth') ?? 200);
const bookMs = Number(args.get('book-ms') ?? 200);
new MarketRecorder(markets, writer, { depth, bookMs, source: `scripts/make-replay.ts --seed ${seed} --minutes ${minutes} --depth ${depth} --book-ms ${bookMs}` });
const end = seed + minutes * MIN;
let prev = 0;
let steps = 0;
const t0 = Date.now();
while (now < end) {
  now += STEP;
  const min = (now - seed) / MIN;
  const p = pathAt(min);
  const d = p - prev;
  prev = p;
  for (const m of markets.list) {
    if (m.def.leveragedToken) continue; // They follow their NAV, which follows the underlying.
    m.fair *= Math.exp(d * (BETA[m.def.symbol] ?? 1));
  }
  markets.rate = rateAt(min);
  markets.tick(now);
  if (++steps % 500 === 0) {
    writer.flush();
    await new Promise((r) => setImmediate(r));
    if (steps % 15_000 === 0) console.log(`replay:make: ${Math.round(min)} of ${minutes} minutes (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}
await writer.close();
markets.stop();
console.log(`replay:make: wrote ${out}`);
