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
  side: 'Buy';
  /** Held quantity with a known cost (base coin). */
  size: string;
  /** Average entry price with the symbol's price decimals. */
  avgPrice: string;
  /** Cost of `size` (quote coin). */
  positionValue: string;
  /** What the wallet holds of the base coin, known cost or not. */
  walletBalance: string;
  updatedTime: number;
}
