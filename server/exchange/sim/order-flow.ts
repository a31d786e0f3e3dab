import type { MatchingEngine, Side } from '../matching/engine.ts';
import { MARKET_PROTECTION } from '../matching/types.ts';
import type { Rng } from './rng.ts';

/**
 * Stochastic order flow of one symbol: limit adds and cancels around a drifting fair price, market
 * orders that lean towards the fair price (so the traded price follows it), and occasional bursts.
 * It only talks to the matching engine; every print comes from a real match.
 */
export interface FlowParams {
  /** Engine commands per second at rate 1. */
  readonly eventsPerSecond: number;
  /** Median size of one order, in lots. */
  readonly medianLots: number;
  /** Resting orders per side the flow aims to keep (deep enough for orderbook.1000 where ticks allow). */
  readonly restingPerSide: number;
  /** Mean distance of passive orders from the fair price, as a fraction of the price. */
  readonly meanDistance: number;
}

/** Shares of event kinds (the rest are cancels). */
const SIM_PROTECTION = Number(MARKET_PROTECTION);
/** How far from the fair price a simulated market order may trade. */
const SIM_FAIR_BAND = 0.01;
const P_ADD = 0.5;
const P_MARKET = 0.12;
/** Share of adds that join or improve the touch rather than sit around the fair price. */
const P_TOUCH = 0.45;
/** Share of far adds drawn from the long tail that builds the deep book. */
const P_TAIL = 0.25;
const TAIL_MULT = 8;
/** Burst: chance per second, length and intensity. */
const BURST_PER_SECOND = 0.02;
const BURST_MS = 1500;
const BURST_MULT = 6;

export class OrderFlow {
  /** Ids of this flow's resting orders (some may have filled since; cancel tells). */
  private readonly mine: string[] = [];
  private burstUntil = 0;
  private burstSide: Side = 'Buy';

  constructor(
    private readonly engine: MatchingEngine,
    private readonly params: FlowParams,
    private readonly rng: Rng,
    private readonly tickSize: number,
  ) {}

  /** Fills both sides with passive orders around `fair` without crossing (used at start and on open). */
  seed(fair: number): void {
    const n = this.params.restingPerSide;
    for (let i = 0; i < n; i++) {
      this.addPassive('Buy', fair, false);
      this.addPassive('Sell', fair, false);
    }
  }

  /** Runs the events due in `dtMs` at the given rate multiplier. */
  step(fair: number, dtMs: number, rate: number, now: number): void {
    let lambda = (this.params.eventsPerSecond * rate * dtMs) / 1000;
    if (now < this.burstUntil) lambda *= BURST_MULT;
    else if (this.rng.next() < (BURST_PER_SECOND * dtMs) / 1000) {
      this.burstUntil = now + BURST_MS * (0.5 + this.rng.next());
      this.burstSide = this.rng.next() < 0.5 ? 'Buy' : 'Sell';
    }
    const n = this.rng.poisson(lambda);
    for (let i = 0; i < n; i++) this.event(fair, now < this.burstUntil);
  }

  /** Moves the whole book to a new fair price: resting orders on the wrong side are cancelled, fresh ones placed. */
  jumpTo(fair: number): void {
    const fairTicks = Math.max(1, Math.round(fair / this.tickSize));
    for (const id of this.mine.splice(0)) {
      const o = this.engine.getOrder(id);
      if (!o) continue;
      const wrongSide = o.side === 'Buy' ? o.priceTicks >= fairTicks : o.priceTicks <= fairTicks;
      if (wrongSide || this.rng.next() < 0.5) this.engine.cancel(id);
      else this.mine.push(id);
    }
    this.seed(fair);
  }

  private event(fair: number, burst: boolean): void {
    const u = this.rng.next();
    const total = this.mine.length;
    const target = this.params.restingPerSide * 2;
    // Keep the resting count near its target: more adds when thin, more cancels when thick.
    const pAdd = P_ADD * (total < target ? 1.3 : 0.8);
    const pMarket = burst ? P_MARKET * 3 : P_MARKET;
    if (u < pMarket) this.marketOrder(fair, burst);
    else if (u < pMarket + pAdd) this.addPassive(this.passiveSide(fair), fair, true);
    else this.cancelOne(fair);
  }

  private passiveSide(fair: number): Side {
    const bid = this.engine.bestBid();
    const ask = this.engine.bestAsk();
    if (bid === undefined) return 'Buy';
    if (ask === undefined) return 'Sell';
    // Replenish the thinner side first so neither side runs dry.
    const skew = (this.engine.bids.size - this.engine.asks.size) / (this.engine.bids.size + this.engine.asks.size + 1);
    void fair;
    return this.rng.next() < 0.5 - skew * 0.5 ? 'Buy' : 'Sell';
  }

  private sizeLots(mult = 1): number {
    return Math.max(1, Math.round(this.rng.logNormal(this.params.medianLots * mult, 0.9)));
  }

  private addPassive(side: Side, fair: number, nearTouch: boolean): void {
    const tick = this.tickSize;
    const fairTicks = fair / tick;
    const bestBid = this.engine.bestBid();
    const bestAsk = this.engine.bestAsk();
    let price: number;
    if (nearTouch && this.rng.next() < P_TOUCH && bestBid !== undefined && bestAsk !== undefined) {
      const spread = bestAsk - bestBid;
      const k = spread > 1 && this.rng.next() < 0.3 ? -1 : this.rng.int(6);
      price = side === 'Buy' ? bestBid - k : bestAsk + k;
    } else {
      const mean = this.params.meanDistance * (this.rng.next() < P_TAIL ? TAIL_MULT : 1);
      const dist = Math.max(1, Math.round((fairTicks * this.rng.exponential(mean)) + 1));
      price = side === 'Buy' ? Math.floor(fairTicks) - dist + 1 : Math.ceil(fairTicks) + dist - 1;
    }
    // Passive means passive: never cross the opposite best.
    if (side === 'Buy' && bestAsk !== undefined && price >= bestAsk) price = bestAsk - 1;
    if (side === 'Sell' && bestBid !== undefined && price <= bestBid) price = bestBid + 1;
    if (price < 1) return;
    const r = this.engine.submit({ type: 'Limit', side, priceTicks: price, qtyLots: this.sizeLots(), timeInForce: 'PostOnly' });
    if (r.order.status === 'New' || r.order.status === 'PartiallyFilled') this.mine.push(r.order.orderId);
  }

  private cancelOne(fair: number): void {
    // Of two random orders, cancel the one farther from fair: keeps the book centred on fair.
    for (let tries = 0; tries < 4 && this.mine.length > 0; tries++) {
      const i = this.rng.int(this.mine.length);
      const j = this.rng.int(this.mine.length);
      const a = this.engine.getOrder(this.mine[i]!);
      const b = this.engine.getOrder(this.mine[j]!);
      if (!a) {
        this.removeAt(i);
        continue;
      }
      if (!b) {
        this.removeAt(j);
        continue;
      }
      const fairTicks = fair / this.tickSize;
      const pick = Math.abs(a.priceTicks - fairTicks) >= Math.abs(b.priceTicks - fairTicks) ? i : j;
      this.engine.cancel(this.mine[pick]!);
      this.removeAt(pick);
      return;
    }
  }

  private removeAt(i: number): void {
    const last = this.mine.pop()!;
    if (i < this.mine.length) this.mine[i] = last;
  }

  private marketOrder(fair: number, burst: boolean): void {
    const bid = this.engine.bestBid();
    const ask = this.engine.bestAsk();
    if (bid === undefined || ask === undefined) return;
    const mid = ((bid + ask) / 2) * this.tickSize;
    // Lean towards fair: the further the mid sits from fair, the likelier the pushing side.
    const gap = (fair - mid) / (fair * this.params.meanDistance + 1e-12);
    const pBuy = Math.min(0.95, Math.max(0.05, 0.5 + 0.35 * Math.tanh(gap)));
    const side: Side = burst ? this.burstSide : this.rng.next() < pBuy ? 'Buy' : 'Sell';
    const lots = this.sizeLots(burst ? 2 : 1.5);
    // The exchange's market-order price protection (MARKET_PROTECTION from the best opposite
    // price) holds for simulated traders as for users; and a simulated trader does not sell more
    // than SIM_FAIR_BAND under the fair price or buy more than that over it. Without the band a run
    // of market orders (each within 5 % of the best left by the one before) emptied a side under
    // the stress feed and filled a user's bid 10 % under the market.
    const fairTicks = fair / this.tickSize;
    const protectionTicks =
      side === 'Buy'
        ? Math.min(Math.ceil(ask * (1 + SIM_PROTECTION)), Math.ceil(fairTicks * (1 + SIM_FAIR_BAND)))
        : Math.max(1, Math.floor(bid * (1 - SIM_PROTECTION)), Math.floor(fairTicks * (1 - SIM_FAIR_BAND)));
    if (this.rng.next() < 0.2) {
      const px = side === 'Buy' ? ask : bid;
      this.engine.submit({ type: 'Market', side, quoteUnits: lots * px, protectionTicks });
    } else {
      this.engine.submit({ type: 'Market', side, qtyLots: lots, protectionTicks });
    }
  }
}
