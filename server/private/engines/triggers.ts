import type { Db } from '../../accounts/db.ts';
import { FX_ONE, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { updateOrder, type OrderRow } from '../rows/orders.ts';

type OcoBy = 'OcoTriggerByTp' | 'OcoTriggerBySl';

interface Waiting {
  orderId: string;
  side: 'Buy' | 'Sell';
  kind: string;
  trigger: bigint | undefined;
  direction: number;
  takeProfit: bigint | undefined;
  stopLoss: bigint | undefined;
  trailValue: bigint | undefined;
  trailPercent: bigint | undefined;
  extreme: bigint | undefined;
  activated: boolean;
}

const opt = (s: string) => (s === '' ? undefined : parseAmount(s));
const HUNDRED = 100n * FX_ONE;

/**
 * Orders waiting for the simulated last price: conditional (Stop), TP/SL, OCO and trailing stops.
 * Kept in memory per symbol (rebuilt from the database at start) so a trade costs no query.
 */
export class TriggerBook {
  private readonly bySymbol = new Map<string, Map<string, Waiting>>();
  private readonly symbolOf = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly fire: (orderId: string, ocoBy: OcoBy | undefined) => void,
  ) {}

  add(row: OrderRow): void {
    this.remove(row.order_id);
    let trailValue: bigint | undefined;
    let trailPercent: bigint | undefined;
    if (row.trailing_value.endsWith('%')) trailPercent = opt(row.trailing_value.slice(0, -1));
    else trailValue = opt(row.trailing_value);
    const w: Waiting = {
      orderId: row.order_id, side: row.side, kind: row.stop_order_type, trigger: opt(row.trigger_price), direction: row.trigger_direction,
      takeProfit: opt(row.take_profit), stopLoss: opt(row.stop_loss), trailValue, trailPercent, extreme: opt(row.trailing_extreme),
      activated: row.trigger_price === '' || row.trailing_extreme !== '',
    };
    let map = this.bySymbol.get(row.symbol);
    if (!map) this.bySymbol.set(row.symbol, (map = new Map()));
    map.set(row.order_id, w);
    this.symbolOf.set(row.order_id, row.symbol);
  }

  remove(orderId: string): void {
    const sym = this.symbolOf.get(orderId);
    if (sym === undefined) return;
    this.bySymbol.get(sym)?.delete(orderId);
    this.symbolOf.delete(orderId);
  }

  get size(): number {
    return this.symbolOf.size;
  }

  /** Checks waiting orders of `symbol` against a new last price (only `onlyId` when given). */
  onTrade(symbol: string, last: bigint, onlyId?: string): void {
    const map = this.bySymbol.get(symbol);
    if (!map || map.size === 0) return;
    const fired: Array<[string, OcoBy | undefined]> = [];
    for (const w of map.values()) {
      if (onlyId !== undefined && w.orderId !== onlyId) continue;
      const hit = this.check(w, last);
      if (hit !== false) fired.push([w.orderId, hit]);
    }
    // Fired after the scan: firing submits orders, whose trades re-enter onTrade.
    for (const [id, by] of fired) {
      this.remove(id);
      this.fire(id, by);
    }
  }

  private check(w: Waiting, last: bigint): OcoBy | undefined | false {
    if (w.kind === 'OcoOrder') {
      const tp = w.takeProfit!;
      const sl = w.stopLoss!;
      if (w.side === 'Sell') return last >= tp ? 'OcoTriggerByTp' : last <= sl ? 'OcoTriggerBySl' : false;
      return last <= tp ? 'OcoTriggerByTp' : last >= sl ? 'OcoTriggerBySl' : false;
    }
    if (w.kind === 'TrailingStop') return this.checkTrailing(w, last) ? undefined : false;
    const t = w.trigger!;
    return (w.direction === 1 ? last >= t : last <= t) ? undefined : false;
  }

  /** A sell trails the highest price since activation and fires a distance below it; a buy mirrors it. */
  private checkTrailing(w: Waiting, last: bigint): boolean {
    if (!w.activated) {
      const act = w.trigger!;
      if (w.side === 'Sell' ? last < act : last > act) return false;
      w.activated = true;
    }
    const better = w.extreme === undefined || (w.side === 'Sell' ? last > w.extreme : last < w.extreme);
    if (better) {
      w.extreme = last;
      updateOrder(this.db, w.orderId, { trailing_extreme: fxPlain(last) });
    }
    const ext = w.extreme!;
    const dist = w.trailValue ?? fxMul(ext, w.trailPercent! * 10n ** 18n / HUNDRED);
    return w.side === 'Sell' ? last <= ext - dist : last >= ext + dist;
  }
}
