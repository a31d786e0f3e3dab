// The grid-bot list on the wire (spec 3 "Grid overlay", 4.9, 7.2 "Strategy list"), shared by the
// local exchange and the page. Snake-case keys as the spec names the overlay's fields.
import type { GridBotLabel, GridType } from '../core/chart/grid-bot.ts';

/** GET, authenticated: ?status=2|3 (running | history), optional symbol, optional pageSize (1–80). */
export const GRID_BOT_LIST_PATH = '/api/grid-bot/list';

export interface GridBotWire {
  bot_id: string;
  symbol: string;
  /** Decimal strings in the quote coin. */
  min_price: string;
  max_price: string;
  grid_number: number;
  type: GridType;
  /** 2 running, 3 history, 5 just completed (spec 4.9). */
  status: number;
  label: GridBotLabel;
  /** Whether the page can draw it (false for a symbol it does not list). */
  support: boolean;
  created_time: number;
  updated_time: number;
}

export interface GridBotListResult {
  list: GridBotWire[];
  total: number;
}
