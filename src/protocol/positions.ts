// Spot positions on the wire (spec 7.2 "POST /unified/integrated/v5/queryPositions"), shared by the
// local exchange and the page. A spot position is the part of a base-coin holding whose cost the
// user's fills on that pair account for.

export const QUERY_POSITIONS_PATH = '/unified/integrated/v5/queryPositions';

/** Body: needSort 0 | 1 (1: largest position value first), optional symbol. */
export interface QueryPositionsBody {
  needSort?: 0 | 1;
  symbol?: string;
}

export interface PositionWire {
  symbol: string;
  category: 'spot';
  baseCoin: string;
  quoteCoin: string;
  /** Buy: a holding (long); Sell: base sold on borrowed coins and not yet bought back (short). */
  side: 'Buy' | 'Sell';
  /** Held quantity with a known cost, or the short's size (base coin). */
  size: string;
  /** Average entry price with the symbol's price decimals. */
  avgPrice: string;
  /** Cost of `size`, or what the short sale of it fetched (quote coin). */
  positionValue: string;
  /** What the wallet holds of the base coin, known cost or not. */
  walletBalance: string;
  updatedTime: number;
}

/**
 * Bybit's closed profit and loss (GET /v5/position/closed-pnl), which Bybit serves for derivatives;
 * this exchange serves it for spot too (category=spot): one row per sell fill that took coins out
 * of a position, at the position's average cost, and per buy fill that bought a short (a leveraged
 * sell's borrowed base) back, at the short's average entry (the P&L tab's realised figures per day).
 */
export const CLOSED_PNL_PATH = '/v5/position/closed-pnl';

export interface ClosedPnlWire {
  symbol: string;
  orderId: string;
  /** The closing fill's side: Sell closes a holding, Buy buys a short back. */
  side: 'Buy' | 'Sell';
  /** Base quantity closed. */
  qty: string;
  closedSize: string;
  avgEntryPrice: string;
  avgExitPrice: string;
  /** Quote value out, at the average entry price. */
  cumEntryValue: string;
  /** Quote value in, net of a fee taken in the quote coin. */
  cumExitValue: string;
  /** cumExitValue − cumEntryValue (a short's: cumEntryValue − cumExitValue), in the quote coin. */
  closedPnl: string;
  orderType: string;
  execType: 'Trade';
  fillCount: '1';
  leverage: '1';
  createdTime: string;
  updatedTime: string;
}
