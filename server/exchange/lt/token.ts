/**
 * One leveraged token as Bybit models it (shared/reference/next-features.md §2): per token a
 * basket position in the underlying (negative for a short token) and a loan in the quote coin
 * (negative: borrowed), so NAV = basketPosition × price + basketLoan and the real leverage
 * |basketPosition × price| / NAV drifts with the price. When it leaves the band the token
 * rebalances back to its target; while that "position change" lasts, purchase and redemption are
 * refused. A daily management fee is taken out of NAV (position and loan shrink together).
 */
export interface TokenParams {
  readonly coin: string;
  readonly underlying: string;
  /** +1 long, -1 short. */
  readonly direction: 1 | -1;
  readonly target: number;
  readonly band: readonly [number, number];
  /** Daily management fee as a fraction of NAV (0.00005 = 0.005 %). */
  readonly manageFeeRate: number;
  /** How long a rebalance holds status 5. */
  readonly rebalanceMs: number;
}

export interface Rebalance {
  readonly time: number;
  readonly price: number;
  readonly leverageBefore: number;
  readonly leverageAfter: number;
  readonly basketChange: number;
}

const DAY_MS = 86_400_000;
const MAX_HISTORY = 100;

export class LeveragedToken {
  basketPosition = 0;
  basketLoan = 0;
  /** When the running rebalance ends (0: none). */
  rebalancingUntil = 0;
  /** The UTC day (ms of its midnight) whose management fee was last taken. */
  feeDay: number;
  lastFeeTime = 0;
  readonly rebalances: Rebalance[] = [];
  price = 0;
  navTime = 0;

  constructor(
    readonly params: TokenParams,
    startNav: number,
    startPrice: number,
    now: number,
  ) {
    this.feeDay = Math.floor(now / DAY_MS) * DAY_MS;
    this.price = startPrice;
    this.navTime = now;
    this.reset(startNav, startPrice);
  }

  nav(price = this.price): number {
    return Math.max(0, this.basketPosition * price + this.basketLoan);
  }

  leverage(price = this.price): number {
    const n = this.nav(price);
    return n > 0 ? Math.abs(this.basketPosition * price) / n : 0;
  }

  isRebalancing(now: number): boolean {
    return now < this.rebalancingUntil;
  }

  /** Moves to `price` at `now`: management fees due, then a rebalance when leverage left its band. */
  update(price: number, now: number): void {
    if (!(price > 0)) return;
    this.chargeFees(now);
    this.price = price;
    this.navTime = now;
    const lev = this.leverage(price);
    const [lo, hi] = this.params.band;
    if (this.nav(price) > 0 && (lev < lo || lev > hi)) this.rebalance(price, now);
  }

  /** Back to the target leverage at `price`, keeping NAV; holds status 5 for rebalanceMs. */
  rebalance(price: number, now: number): void {
    const before = this.leverage(price);
    const oldPosition = this.basketPosition;
    this.reset(this.nav(price), price);
    this.rebalancingUntil = now + this.params.rebalanceMs;
    this.rebalances.push({ time: now, price, leverageBefore: before, leverageAfter: this.leverage(price), basketChange: this.basketPosition - oldPosition });
    if (this.rebalances.length > MAX_HISTORY) this.rebalances.shift();
  }

  private reset(nav: number, price: number): void {
    this.basketPosition = (this.params.direction * this.params.target * nav) / price;
    this.basketLoan = nav - this.basketPosition * price;
  }

  /** Takes the management fee once per UTC midnight passed (00:00 UTC), from NAV. */
  private chargeFees(now: number): void {
    const day = Math.floor(now / DAY_MS) * DAY_MS;
    while (this.feeDay < day) {
      this.feeDay += DAY_MS;
      const keep = 1 - this.params.manageFeeRate;
      this.basketPosition *= keep;
      this.basketLoan *= keep;
      this.lastFeeTime = this.feeDay;
    }
  }
}
