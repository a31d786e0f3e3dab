import { floatToSteps, parseScale, scaledToShortDecimal, stepsToFloat, stepsToShortDecimal, type DecimalScale } from '../../../src/core/decimal.ts';
import { MatchingEngine, type Side, type TradeEvent } from '../matching/engine.ts';
import type { SymbolDef } from '../symbols.ts';
import { CandleStore, type Candle } from './candles.ts';
import type { KlineInterval } from './intervals.ts';
import { generateHistory } from './history.ts';
import { OrderFlow, type FlowParams } from './order-flow.ts';
import { Rng } from './rng.ts';
import { RollingStats } from './stats.ts';

/** A symbol's tick or lot size; the symbol table is ours, so a bad one is a programming error. */
function stepOf(step: string): DecimalScale {
  const scale = parseScale(step);
  if (!scale) throw new Error(`bad step: ${step}`);
  return scale;
}

/** A print as the public feeds show it. */
export interface PublicTrade {
  readonly id: string;
  readonly ts: number;
  readonly priceTicks: number;
  readonly qtyLots: number;
  readonly side: Side;
  readonly seq: number;
}

const YEAR_MS = 365 * 86_400_000;
/** Recent trades kept for REST recent-trade (spot limit is 60) and late subscribers. */
const RECENT_TRADES = 200;
/** Typical notional of one simulated order, in quote currency. */
const NOTIONAL_USDT = 400;
const NOTIONAL_BTC = 0.006;

/** Flow intensity per symbol at rate 1 (events/s): BTC busiest, small books calmer. */
const EVENTS_PER_SECOND: Record<string, number> = {
  BTCUSDT: 45,
  ETHUSDT: 35,
  SOLUSDT: 22,
  XRPUSDT: 18,
  ETHBTC: 8,
  BTC3LUSDT: 8,
  PEPEUSDT: 14,
  NEWUSDT: 12,
};
/**
 * Stress-only pairs: at the stress rate this still changes the top 50 in nearly every 20 ms push
 * window (their book rate is capped by the cadence anyway); more flow would only burn CPU.
 */
const STRESS_ONLY_EVENTS_PER_SECOND = 6;

/** One simulated symbol: its engine, order flow, fair price, candles and statistics. */
export class Market {
  readonly def: SymbolDef;
  readonly index: number;
  readonly priceStep: DecimalScale;
  readonly lotStep: DecimalScale;
  /** Decimals of a quote unit (tickSize × lotSize). */
  readonly quoteDecimals: number;
  readonly engine: MatchingEngine;
  readonly candles: CandleStore;
  readonly stats: RollingStats;
  readonly recent: PublicTrade[] = [];
  /** Epoch ms when trading opens (0 = open since start). */
  readonly opensAt: number;
  fair: number;
  /** Net asset value of a leveraged token; undefined for other symbols. */
  nav: number | undefined;
  navTs = 0;
  /** Matching-engine time of the last book change (the `cts` of order-book pushes). */
  lastBookTs = 0;
  /** Fault control: while paused the flow stops; the feeds of this symbol push only what the book still did (see BookTopic.flush). */
  paused = false;
  private readonly flow: OrderFlow;
  private readonly rng: Rng;
  private readonly sigmaPerMs: number;
  private readonly tradeIdPrefix: string;
  private seeded = false;
  private readonly tradeListeners: Array<(t: PublicTrade) => void> = [];

  /** `derived`: candle history made from another market's (a leveraged token's, lt/history.ts). */
  /** `clock`: the matching engine's (default the wall clock). */
  constructor(def: SymbolDef, index: number, startTime: number, derived?: (tickSize: number, lotSize: number, dailyVolume: number) => Map<KlineInterval, Candle[]>, clock?: () => number) {
    this.def = def;
    this.index = index;
    this.priceStep = stepOf(def.tickSize);
    this.lotStep = stepOf(def.lotSize);
    this.quoteDecimals = this.priceStep.decimals + this.lotStep.decimals;
    this.rng = Rng.fromString(def.symbol, startTime & 0xffff);
    this.opensAt = def.opensInMs ? startTime + def.opensInMs : 0;
    this.fair = def.startPrice;
    this.sigmaPerMs = def.volatility / Math.sqrt(YEAR_MS);
    this.tradeIdPrefix = `2${100 + index}`;
    if (def.leveragedToken) {
      this.nav = def.startPrice;
      this.navTs = startTime;
    }
    this.engine = new MatchingEngine({ symbol: def.symbol, idPrefix: `${def.symbol}:`, ...(clock ? { now: clock } : {}) });
    const tickSize = stepsToFloat(1, this.priceStep);
    const lotSize = stepsToFloat(1, this.lotStep);
    const notional = def.quote === 'BTC' ? NOTIONAL_BTC : NOTIONAL_USDT;
    const medianLots = Math.max(1, Math.round(notional / def.startPrice / lotSize));
    const params: FlowParams = {
      eventsPerSecond: def.stressOnly ? STRESS_ONLY_EVENTS_PER_SECOND : (EVENTS_PER_SECOND[def.symbol] ?? 10),
      medianLots,
      restingPerSide: 1400,
      meanDistance: 0.0015,
    };
    this.flow = new OrderFlow(this.engine, params, this.rng, tickSize);
    const listed = this.opensAt === 0;
    // Stress-only pairs exist to load the feeds; years of candles for dozens of them would cost
    // seconds of startup and ~100 MB, so their charts start with the process like a new listing.
    const dailyVolume = (medianLots * lotSize * params.eventsPerSecond * 86_400) / 12;
    const history = listed && derived
      ? derived(tickSize, lotSize, dailyVolume)
      : listed && !def.stressOnly
      ? generateHistory({
          now: startTime,
          startPrice: def.startPrice,
          volatility: def.volatility,
          tickSize,
          lotSize,
          dailyVolume,
          rng: this.rng,
        })
      : new Map();
    this.candles = new CandleStore(history);
    this.stats = new RollingStats(this.candles);
    this.engine.halted = !listed;
    this.engine.addListener({
      onTrade: (t) => this.onTrade(t),
      onBookChange: (b) => {
        this.lastBookTs = b.ts;
      },
    });
  }

  onPublicTrade(fn: (t: PublicTrade) => void): () => void {
    this.tradeListeners.push(fn);
    return () => {
      const i = this.tradeListeners.indexOf(fn);
      if (i >= 0) this.tradeListeners.splice(i, 1);
    };
  }

  isOpen(now: number): boolean {
    return now >= this.opensAt;
  }

  /** When trading opened or opens (ms): the scheduled open, else the oldest daily candle, else `now`. */
  launchTime(now: number): number {
    return this.opensAt || this.candles.list('D')[0]?.start || now;
  }

  /**
   * Advances the fair price and runs the flow: a geometric random walk, or for a leveraged token
   * its NAV (set by Markets from the NAV engine before the step) with a small mean-reverting
   * premium, as market makers arbitraging purchase and redemption would keep it.
   */
  step(now: number, dtMs: number, rate: number): void {
    if (!this.isOpen(now)) return;
    if (this.engine.halted) this.engine.halted = false;
    if (!this.seeded) {
      this.seeded = true;
      this.flow.seed(this.fair);
    }
    if (this.nav !== undefined && this.def.leveragedToken) {
      if (this.nav > 0) {
        const premium = Math.log(this.fair / this.nav);
        this.fair = this.nav * Math.exp(premium * 0.98 + 0.0002 * this.rng.normal());
      }
    } else {
      this.fair *= Math.exp(this.sigmaPerMs * Math.sqrt(dtMs) * this.rng.normal());
    }
    this.candles.roll(now);
    if (!this.paused) this.flow.step(this.fair, dtMs, rate, now);
  }

  /** Fault control: the fair price and the book jump to `price`, and a print happens there. */
  moveTo(price: number): void {
    // A leveraged token's fair price then drifts back to its NAV (the NAV engine is not moved).
    this.fair = price;
    this.flow.jumpTo(price);
    const ticks = floatToSteps(price, this.priceStep);
    // Cross a small order at the new level so the last price and candles print there: rest a
    // sell at the level and lift it, or, when a bid already sits there, hit that bid.
    const lots = Math.max(1, this.flowMedianLots());
    if (ticks <= 0) return;
    const rest = this.engine.submit({ type: 'Limit', side: 'Sell', priceTicks: ticks, qtyLots: lots, timeInForce: 'PostOnly' });
    const side = rest.order.status === 'New' ? 'Buy' : 'Sell';
    this.engine.submit({ type: 'Limit', side, priceTicks: ticks, qtyLots: lots, timeInForce: 'IOC' });
  }

  private flowMedianLots(): number {
    return Math.max(1, Math.round(NOTIONAL_USDT / 100 / Math.max(this.fair, 1e-12) / stepsToFloat(1, this.lotStep)));
  }

  /**
   * A replayed print (server/exchange/replay): candles, the recent list and the tape as a match
   * would move them, without the engine (the replay sets the book separately). `publish` false
   * rebuilds state on a seek without pushing anything.
   */
  printTrade(trade: PublicTrade, quoteUnits: number, publish: boolean): void {
    this.candles.addTrade(trade.priceTicks, trade.qtyLots, quoteUnits, trade.ts);
    this.fair = stepsToFloat(trade.priceTicks, this.priceStep);
    this.recent.push(trade);
    if (this.recent.length > RECENT_TRADES * 2) this.recent.splice(0, this.recent.length - RECENT_TRADES);
    if (!publish) {
      this.engine.lastPriceTicks = trade.priceTicks;
      return;
    }
    for (const fn of this.tradeListeners) fn(trade);
    // Stop orders, grid bots and alerts hear it as a trade (this market's own listener skips it: done above).
    this.engine.printExternal({ priceTicks: trade.priceTicks, qtyLots: trade.qtyLots, takerSide: trade.side, ts: trade.ts });
  }

  private onTrade(t: TradeEvent): void {
    if (t.external) return;
    this.candles.addTrade(t.priceTicks, t.qtyLots, t.quoteUnits, t.ts);
    const trade: PublicTrade = {
      id: `${this.tradeIdPrefix}${String(t.tradeId).padStart(15, '0')}`,
      ts: t.ts,
      priceTicks: t.priceTicks,
      qtyLots: t.qtyLots,
      side: t.takerSide,
      seq: t.seq,
    };
    this.recent.push(trade);
    if (this.recent.length > RECENT_TRADES * 2) this.recent.splice(0, this.recent.length - RECENT_TRADES);
    for (const fn of this.tradeListeners) fn(trade);
  }

  price(ticks: number): string {
    return stepsToShortDecimal(ticks, this.priceStep);
  }

  qty(lots: number): string {
    return stepsToShortDecimal(lots, this.lotStep);
  }

  quote(units: bigint | number): string {
    const m = BigInt(this.priceStep.units) * BigInt(this.lotStep.units);
    return scaledToShortDecimal(BigInt(units) * m, this.quoteDecimals);
  }

  /** Last traded price in ticks: the engine's, else the newest candle close (history). */
  lastTicks(): number | undefined {
    return this.engine.lastPriceTicks ?? this.candles.last('1')?.close;
  }

  /** A float value shown as a price with two extra digits (index prices, NAV). */
  indexString(value: number): string {
    const step: DecimalScale = { decimals: this.priceStep.decimals + 2, units: 1 };
    return stepsToShortDecimal(floatToSteps(value, step), step);
  }
}
