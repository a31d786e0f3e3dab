import { listedSymbols } from '../symbols.ts';
import { Market } from './market.ts';

/** Rate multiplier of the stress preset: enough flow that nearly every 20 ms window of every book changes, and >= 500 trades/s. */
export const STRESS_RATE = 25;
/** Simulation step; the publishers flush right after each step. */
const STEP_MS = 10;
/**
 * Under stress a book topic is due every 20 ms, and it pushes on the first step at or after that;
 * a 2 ms step keeps the gap at 20-22 ms (about 47 pushes/s per topic) where a 10 ms step with
 * timer jitter would often slip to 30 ms (33/s), at a fraction of the CPU of a 1 ms step.
 */
const STRESS_STEP_MS = 2;

export interface MarketsOptions {
  readonly rate: number;
  readonly stress: boolean;
  readonly startTime?: number;
  /** Tests drive the clock themselves when false. */
  readonly autoStart?: boolean;
}

/** All simulated symbols and the single timer that moves them. */
export class Markets {
  readonly list: readonly Market[];
  readonly bySymbol: ReadonlyMap<string, Market>;
  readonly startTime: number;
  readonly stepMs: number;
  rate: number;
  private timer: NodeJS.Timeout | undefined;
  private lastStep: number;
  private readonly tickListeners: Array<(now: number) => void> = [];

  constructor(opts: MarketsOptions) {
    this.startTime = opts.startTime ?? Date.now();
    this.rate = opts.stress ? Math.max(opts.rate, STRESS_RATE) : opts.rate;
    this.stepMs = opts.stress ? STRESS_STEP_MS : STEP_MS;
    this.list = listedSymbols(opts.stress).map((def, i) => new Market(def, i, this.startTime));
    this.bySymbol = new Map(this.list.map((m) => [m.def.symbol, m]));
    this.lastStep = this.startTime;
    if (opts.autoStart !== false) this.start();
  }

  /** Called after every simulation step (publishers flush here). */
  onTick(fn: (now: number) => void): void {
    this.tickListeners.push(fn);
  }

  start(): void {
    if (this.timer) return;
    this.lastStep = Date.now();
    this.timer = setInterval(() => this.tick(Date.now()), this.stepMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One step of every market; `now` is injectable for tests. */
  tick(now: number): void {
    // A stalled loop (GC, a debugger) is not replayed all at once.
    const dt = Math.min(Math.max(0, now - this.lastStep), 250);
    this.lastStep = now;
    const returns = new Map<string, number>();
    for (const m of this.list) {
      const underlying = m.def.leveragedToken ? returns.get(m.def.leveragedToken.underlying) : undefined;
      const before = m.fair;
      try {
        m.step(now, dt, this.rate, underlying ?? (m.def.leveragedToken ? 0 : undefined));
      } catch (err) {
        console.error(`market ${m.def.symbol}: step failed`, err);
      }
      returns.set(m.def.symbol, m.fair / before - 1);
    }
    for (const fn of this.tickListeners) {
      try {
        fn(now);
      } catch (err) {
        console.error('market tick listener failed', err);
      }
    }
  }
}
