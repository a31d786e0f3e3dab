import { listedSymbols } from '../symbols.ts';
import { Market } from './market.ts';
import { stepsToFloat } from '../../../src/core/decimal.ts';
import { deriveHistory } from '../lt/history.ts';
import { LT_DEF_BY_COIN, LT_TARGET, LeveragedTokens } from '../lt/tokens.ts';

/** A leveraged token's market saw this share of its underlying's traded value. */
const LT_VOLUME_SHARE = 0.004;

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
  /**
   * The markets' clock (the matching engines' timestamps, the REST market data's `now`): the wall
   * clock by default; a generated recording's simulated clock, or a replay's session clock.
   */
  readonly clock?: () => number;
}

/** All simulated symbols and the single timer that moves them. */
export class Markets {
  readonly list: readonly Market[];
  readonly bySymbol: ReadonlyMap<string, Market>;
  readonly startTime: number;
  readonly stepMs: number;
  /** The leveraged tokens' NAV engine, moved after the underlyings each step. */
  readonly leveragedTokens: LeveragedTokens;
  rate: number;
  /** The markets' time now (MarketsOptions.clock). */
  readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private lastStep: number;
  private readonly tickListeners: Array<(now: number) => void> = [];

  constructor(opts: MarketsOptions) {
    this.startTime = opts.startTime ?? Date.now();
    this.now = opts.clock ?? Date.now;
    this.rate = opts.stress ? Math.max(opts.rate, STRESS_RATE) : opts.rate;
    this.stepMs = opts.stress ? STRESS_STEP_MS : STEP_MS;
    const built = new Map<string, Market>();
    this.list = listedSymbols(opts.stress).map((def, i) => {
      const lt = def.leveragedToken ? LT_DEF_BY_COIN.get(def.base) : undefined;
      const under = def.leveragedToken ? built.get(def.leveragedToken.underlying) : undefined;
      const derived = lt && under
        ? (tokenTick: number, tokenLot: number) =>
            deriveHistory({
              underlying: under.candles, underlyingTick: stepsToFloat(1, under.priceStep), underlyingLot: stepsToFloat(1, under.lotStep),
              underlyingNow: under.def.startPrice, tokenNow: def.startPrice, tokenTick, tokenLot,
              direction: lt.direction, leverage: LT_TARGET, volumeShare: LT_VOLUME_SHARE,
            })
        : undefined;
      const m = new Market(def, i, this.startTime, derived, this.now);
      built.set(def.symbol, m);
      return m;
    });
    this.bySymbol = built;
    this.leveragedTokens = new LeveragedTokens({
      priceOf: (symbol) => this.bySymbol.get(symbol)?.fair,
      marketPriceOf: (symbol) => {
        const m = this.bySymbol.get(symbol);
        const ticks = m?.lastTicks();
        return m && ticks !== undefined ? stepsToFloat(ticks, m.priceStep) : undefined;
      },
      now: this.startTime,
    });
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

  private stepOne(m: Market, now: number, dt: number): void {
    try {
      m.step(now, dt, this.rate);
    } catch (err) {
      console.error(`market ${m.def.symbol}: step failed`, err);
    }
  }

  /**
   * A replay's step (server/exchange/replay): the markets do not move themselves; the replay has
   * set their books and prints, and this brings candles and NAVs to `now` and lets the publishers flush.
   */
  publish(now: number): void {
    for (const m of this.list) m.candles.roll(now);
    this.leveragedTokens.tick(now);
    for (const m of this.list) {
      if (m.def.leveragedToken && this.leveragedTokens.get(m.def.base)) {
        m.nav = this.leveragedTokens.nav(m.def.base);
        m.navTs = now;
      }
    }
    this.notify(now);
  }

  private notify(now: number): void {
    for (const fn of this.tickListeners) {
      try {
        fn(now);
      } catch (err) {
        console.error('market tick listener failed', err);
      }
    }
  }

  /** One step of every market; `now` is injectable for tests. */
  tick(now: number): void {
    // A stalled loop (GC, a debugger) is not replayed all at once.
    const dt = Math.min(Math.max(0, now - this.lastStep), 250);
    this.lastStep = now;
    // Underlyings first, then the NAV engine at their new prices, then the tokens' markets.
    for (const m of this.list) if (!m.def.leveragedToken) this.stepOne(m, now, dt);
    this.leveragedTokens.tick(now);
    for (const m of this.list) {
      if (!m.def.leveragedToken) continue;
      if (this.leveragedTokens.get(m.def.base)) {
        m.nav = this.leveragedTokens.nav(m.def.base);
        m.navTs = now;
      }
      this.stepOne(m, now, dt);
    }
    this.notify(now);
  }
}
