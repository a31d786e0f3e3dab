// The grid-bot list on the wire (spec 3 "Grid overlay", 4.9, 7.2 "Strategy list"), shared by the
// local exchange and the page. Snake-case keys as the spec names the overlay's fields, and Bybit's
// /v5/grid/* shapes (next-features 1.2: validate-input, create-grid, query-grid-detail, close-grid).
import type { GridBotLabel, GridType } from '../core/chart/grid-bot.ts';

/** GET, authenticated: ?status=2|3 (running | history), optional symbol, optional pageSize (1–80). */
export const GRID_BOT_LIST_PATH = '/api/grid-bot/list';
/** POST without login: the allowed ranges and the first failing check. */
export const GRID_VALIDATE_PATH = '/v5/grid/validate-input';
export const GRID_CREATE_PATH = '/v5/grid/create-grid';
export const GRID_DETAIL_PATH = '/v5/grid/query-grid-detail';
export const GRID_CLOSE_PATH = '/v5/grid/close-grid';

/** Bybit's spot-grid status codes (docs/v5/bot/err.mdx), also the retCode of a refused request. */
export const GRID_STATUS = { OK: 200, PARAM: 400, BALANCE: 401, NOT_FOUND: 404, CANNOT_CLOSE: 405, BANNED: 421 } as const;

/** close_mode: 2 everything to base, 3 everything to quote, 4 base and quote as they are. */
export type GridCloseMode = 2 | 3 | 4;
export const GRID_CLOSE_MODES: readonly GridCloseMode[] = [2, 3, 4];

/** Close reasons (spec 4.9; Bybit's close_reason). */
export const GRID_CLOSE_REASONS = [
  'UNKNOWN', 'CLOSED_MANUALLY', 'CLOSED_FAILED_INITIATION', 'CLOSED_SYMBOL_DELISTED', 'CLOSED_STOP_LOSS', 'CLOSED_TAKE_PROFIT', 'CLOSED_USER_BAN', 'CLOSED_TRAILING_STOP',
] as const;
export type GridCloseReason = (typeof GRID_CLOSE_REASONS)[number];

export const GRID_CHECK_OK = 'SPOT_CHECK_CODE_SUCCESS_UNSPECIFIED';
export const GRID_CHECK_CODES = [
  GRID_CHECK_OK,
  'SPOT_CHECK_CODE_LOW_PRICE_TOO_LOW', 'SPOT_CHECK_CODE_LOW_PRICE_TOO_HIGH', 'SPOT_CHECK_CODE_HIGH_PRICE_TOO_LOW', 'SPOT_CHECK_CODE_HIGH_PRICE_TOO_HIGH',
  'SPOT_CHECK_CODE_GRID_NO_TOO_LOW', 'SPOT_CHECK_CODE_GRID_NO_TOO_HIGH', 'SPOT_CHECK_CODE_INVESTMENT_TOO_LOW', 'SPOT_CHECK_CODE_INVESTMENT_TOO_HIGH',
  'SPOT_CHECK_CODE_TP_TOO_LOW', 'SPOT_CHECK_CODE_TP_TOO_HIGH', 'SPOT_CHECK_CODE_SL_TOO_LOW', 'SPOT_CHECK_CODE_SL_TOO_HIGH',
  'SPOT_CHECK_CODE_EP_TOO_LOW', 'SPOT_CHECK_CODE_EP_TOO_HIGH', 'SPOT_CHECK_CODE_TS_PERCENT_TOO_LOW', 'SPOT_CHECK_CODE_TS_PERCENT_TOO_HIGH',
  'SPOT_CHECK_CODE_TP_TOO_LOW_THAN_MARKET', 'SPOT_CHECK_CODE_SL_TOO_HIGH_THAN_MARKET', 'SPOT_CHECK_CODE_LIMIT_UP_PRICE_TOO_LOW', 'SPOT_CHECK_CODE_LIMIT_UP_PRICE_TOO_HIGH',
  'SPOT_CHECK_CODE_CAN_NOT_ENABLE_TRAILING_UP', 'SPOT_CHECK_CODE_ENTRY_PRICE_FORBIDDEN_TRAILING_UP', 'SPOT_CHECK_CODE_LAST_PRICE_FORBIDDEN_TRAILING_UP',
  'SPOT_CHECK_CODE_INVESTMENT_FORBIDDEN_TRAILING_UP',
] as const;
export type GridCheckCode = (typeof GRID_CHECK_CODES)[number];

/** A closed range of decimal strings; '' for an open end. */
export interface GridRange {
  from: string;
  to: string;
}

/** validate-input's result (status_code and debug_msg besides). */
export interface GridValidation {
  check_code: GridCheckCode;
  investment: GridRange;
  /** Per-grid profit after fees, as ratios ("0.0114"). */
  profit: GridRange;
  cell_number: GridRange;
  min_price: GridRange;
  max_price: GridRange;
  stop_loss: GridRange;
  take_profit: GridRange;
  entry_price: GridRange;
  base_investment: GridRange;
  cell_distance: string;
  ts_percent: GridRange;
  limit_up_price: GridRange;
}

/** The body of validate-input and create-grid. grid_type (1 arithmetic, 2 geometric) is the futures grid's field, used here for spot too. */
export interface GridCreateBody {
  symbol: string;
  min_price: string;
  max_price: string;
  cell_number: number;
  grid_type?: 1 | 2;
  invest_mode?: 0 | 1 | 2;
  quote_investment?: string;
  base_investment?: string;
  entry_price?: string;
  stop_loss_price?: string;
  take_profit_price?: string;
  ts_percent?: string;
  enable_trailing?: boolean;
  limit_up_price?: string;
}

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
  /** The run's figures (zeros for a bot that never ran here). Amounts in quote; APRs are ratios. */
  close_reason: GridCloseReason;
  total_investment: string;
  grid_profit: string;
  total_profit: string;
  grid_apr: string;
  total_apr: string;
  arbitrage_num: number;
  end_time: number;
}

export interface GridBotListResult {
  list: GridBotWire[];
  total: number;
}

/** query-grid-detail's `detail` (the fields this exchange fills). */
export interface GridDetailWire {
  grid_id: string;
  symbol: string;
  base_token: string;
  quote_token: string;
  status: GridBotLabel;
  max_price: string;
  min_price: string;
  cell_number: number;
  grid_type: 1 | 2;
  total_investment: string;
  total_profit: string;
  grid_profit: string;
  grid_apr: string;
  total_apr: string;
  arbitrage_num: number;
  arbitrage_num_24: number;
  current_price: string;
  current_profit: string;
  current_per: string;
  equity: string;
  entry_price: string;
  stop_loss_price: string;
  take_profit_price: string;
  close_reason: GridCloseReason;
  bot_close_code: string;
  ts_percent: string;
  enable_trailing: boolean;
  limit_up_price: string;
  ori_max_price: string;
  ori_min_price: string;
  ori_cell_number: number;
  operation_time: number;
  create_time: number;
  end_time: number;
  invest_mode: number;
  quote_investment: string;
  base_investment: string;
  settlement_assets: string;
}
