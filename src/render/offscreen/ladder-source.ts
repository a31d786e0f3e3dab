// What the price ladder shows, made in the canvas worker from the frames the book already gets:
// the engine's merged levels at the chosen step (formatted by the book's formatter) and the
// trades (volume at each price, the last trade), with what the page sent (the step, the user's
// own orders per price, the theme). Loaded with the ladder only; read once per frame it draws.
import { BookRowFormatter, type BookFrame, type BookView } from '../../core/book-rows.ts';
import { decimalToTicks } from '../../core/decimal.ts';
import type { FrameStore } from '../../core/frame-store.ts';
import { VolumeAtPrice } from '../../core/ladder.ts';
import type { TradeRow } from '../../core/market-rows.ts';
import { priceDecimalsOf, type LadderInput } from '../ladder/ladder-view.ts';
import type { LadderWire } from './protocol.ts';

type Market = NonNullable<LadderWire['market']>;

export class LadderSource {
  private readonly formatter = new BookRowFormatter();
  private readonly volume = new VolumeAtPrice();
  private made: { frame: BookFrame; market: Market; view: BookView } | null = null;
  private counted: { trades: readonly TradeRow[]; market: Market; map: ReadonlyMap<number, bigint> } | null = null;
  /** Inputs made and books formatted (for tests: a frame is formatted once however often it is read). */
  reads = 0;
  formats = 0;

  constructor(private readonly feed: Pick<FrameStore, 'book' | 'trades' | 'status'>) {}

  /** The ladder's input now, or null while the feed has no book of the symbol the page shows. */
  read(wire: LadderWire, rtl: boolean): LadderInput | null {
    this.reads++;
    const m = wire.market;
    const frame = this.feed.book;
    if (!m || !frame || frame.symbol !== m.symbol) return null;
    if (!this.made || this.made.frame !== frame || this.made.market !== m) {
      this.formats++;
      this.made = { frame, market: m, view: this.formatter.format(frame, m.scales) };
    }
    const view = this.made.view;
    const trades = this.feed.trades as readonly TradeRow[];
    if (!this.counted || this.counted.trades !== trades || this.counted.market !== m) {
      this.volume.add(m.symbol, trades, m.scales.tick);
      this.counted = { trades, market: m, map: this.volume.atStep(m.stepTicks) };
    }
    const last = trades[0];
    return {
      key: `${m.symbol}/${m.stepTicks}`,
      tick: m.scales.tick,
      stepTicks: m.stepTicks,
      priceDecimals: priceDecimalsOf(view, m.scales.priceDecimals),
      sizeDecimals: m.scales.sizeDecimals,
      bids: view.bids,
      asks: view.asks,
      own: wire.own,
      volume: this.counted.map,
      lastTicks: last ? decimalToTicks(last.price, m.scales.tick) : null,
      theme: wire.theme,
      rtl,
      stale: this.feed.status?.stale.book ?? true,
    };
  }
}
