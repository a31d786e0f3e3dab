// Business constants named by the specification (section 9), in one place.

/** Widths at or below this show the mobile variant (spec 2.1). */
export const MOBILE_MAX_WIDTH = 500;
/** Resize handling is throttled to this (spec 2.1). */
export const RESIZE_THROTTLE_MS = 100;
/** At this window width and above the order book and trades sit side by side (spec 2.11). */
export const BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH = 2037;
/** The default symbol is BTC with the default quote (spec 9 Defaults). */
export const DEFAULT_BASE = 'BTC';
/**
 * The default quote is the stored one (spec 2.1, 2.17: core/default-quote.ts reads it); this is
 * only what stands in while nothing usable is stored.
 */
export const FALLBACK_QUOTE = 'USDT';
/** Precision defaults when a symbol is unknown (spec 5.12). */
export const DEFAULT_PRICE_PRECISION = 13;
export const DEFAULT_OTHER_PRECISION = 8;
/** Placeholder for empty values (spec 5.12). */
export const EMPTY_VALUE = '--';
/** Toasts stay this long (spec 9 Timing). */
export const TOAST_MS = 2500;
/** Stats resize debounce and market-list close delay (spec 9 Timing). */
export const STATS_RESIZE_DEBOUNCE_MS = 300;
export const MARKET_LIST_CLOSE_MS = 300;
/** Page-visibility refresh threshold (spec 9 Timing). */
export const VISIBILITY_REFRESH_MS = 60_000;
/** The grid-bot list is polled this often while logged in (spec 7.7, 9). */
export const GRID_BOT_POLL_MS = 3000;
/**
 * Spec 7.7's "instrument info all" subscription, as a read of Bybit's instruments-info this often
 * while an order form is shown (Bybit has no public instrument push; the spec gives no period).
 */
export const INSTRUMENT_STATUS_POLL_MS = 5000;
/** A unified account's integrated open orders are read again this long after a pushed update (spec 7.7, 9). */
export const INTEGRATED_REFETCH_MS = 500;
/** Bot list page sizes: running, and history (spec 9). */
export const BOT_PAGE_SIZE = 80;
export const BOT_HISTORY_PAGE_SIZE = 20;

// ---- Chart data (issue 15 item 10: spec 4.1, 7.3, 9) ----
/** Average buy / sell lines: the default day range, the most records averaged, the classic cap (spec 7.3, 9). */
export const AVG_LINE_DEFAULT_DAYS = 7;
export const AVG_LINE_MAX_RECORDS = 1000;
export const CLASSIC_AVG_MAX_DAYS = 90;
/** The user's executions drawn on the chart and listed in its trade history: the last 90 days (spec 9). */
export const TRADE_HISTORY_DAYS = 90;
/** Spec 4.1 step 5, 9 "Notice-check timeout": at the open, notice data older than this shows the error mask. */
export const NOTICE_STALE_MS = 20_000;

// ---- Spec conformance (issue 15 item 10): order form, tables and notices ----
/**
 * The depth-merge selection's default (spec 9 Layout): the scale '0', shown as the step 1. Spec 5.9
 * picks the step while the symbol's list has an acceptable one; this is the selection otherwise.
 */
export const MERGE_SELECTION_DEFAULT = '0';
