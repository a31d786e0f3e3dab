import type { DepthLevel, Side, TimeInForce } from './types.ts';

/** A resting limit order; a node of its price level's FIFO list so a cancel is O(1). */
export interface RestingOrder {
  readonly orderId: string;
  readonly owner: string | undefined;
  readonly clientOrderId: string | undefined;
  readonly side: Side;
  priceTicks: number;
  qtyLots: number;
  leavesLots: number;
  filledLots: number;
  filledQuoteUnits: number;
  timeInForce: TimeInForce;
  readonly createdTs: number;
  updatedTs: number;
  level: Level | null;
  prev: RestingOrder | null;
  next: RestingOrder | null;
}

export class Level {
  totalLots = 0;
  count = 0;
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  constructor(readonly priceTicks: number) {}

  append(o: RestingOrder): void {
    o.level = this;
    o.prev = this.tail;
    o.next = null;
    if (this.tail) this.tail.next = o;
    else this.head = o;
    this.tail = o;
    this.totalLots += o.leavesLots;
    this.count++;
  }

  remove(o: RestingOrder): void {
    if (o.prev) o.prev.next = o.next;
    else this.head = o.next;
    if (o.next) o.next.prev = o.prev;
    else this.tail = o.prev;
    this.totalLots -= o.leavesLots;
    this.count--;
    o.level = null;
    o.prev = null;
    o.next = null;
  }
}

/**
 * One side of the book. Prices are kept sorted worst-first so the best price is the array's last
 * element: taking the top level (the common case) is a pop, not a shift.
 */
export class BookSide {
  readonly levels = new Map<number, Level>();
  /** Sorted so that the best price is last. */
  private readonly prices: number[] = [];

  constructor(readonly side: Side) {}

  /** True when price a is better (more aggressive) than b for this side. */
  better(a: number, b: number): boolean {
    return this.side === 'Buy' ? a > b : a < b;
  }

  best(): Level | undefined {
    const n = this.prices.length;
    return n === 0 ? undefined : this.levels.get(this.prices[n - 1]!);
  }

  get size(): number {
    return this.prices.length;
  }

  getOrCreate(priceTicks: number): Level {
    let level = this.levels.get(priceTicks);
    if (level) return level;
    level = new Level(priceTicks);
    this.levels.set(priceTicks, level);
    // Binary search for the insert position in worst-first order.
    const arr = this.prices;
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(arr[mid]!, priceTicks)) hi = mid;
      else lo = mid + 1;
    }
    arr.splice(lo, 0, priceTicks);
    return level;
  }

  removeLevel(priceTicks: number): void {
    if (!this.levels.delete(priceTicks)) return;
    const arr = this.prices;
    const n = arr.length;
    if (arr[n - 1] === priceTicks) {
      arr.pop();
      return;
    }
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(arr[mid]!, priceTicks)) hi = mid;
      else lo = mid + 1;
    }
    // lo is the first index whose price is better than priceTicks; the level sits just before it.
    const idx = lo - 1;
    if (idx >= 0 && arr[idx] === priceTicks) arr.splice(idx, 1);
  }

  /** The best `n` levels, best first. */
  depth(n: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    const arr = this.prices;
    for (let i = arr.length - 1; i >= 0 && out.length < n; i--) {
      const p = arr[i]!;
      out.push({ priceTicks: p, totalLots: this.levels.get(p)!.totalLots });
    }
    return out;
  }

  /** Visits levels best first until the visitor returns false. */
  walk(visit: (level: Level) => boolean): void {
    const arr = this.prices;
    for (let i = arr.length - 1; i >= 0; i--) {
      if (!visit(this.levels.get(arr[i]!)!)) return;
    }
  }
}
