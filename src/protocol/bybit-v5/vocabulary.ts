// The Bybit v5 order vocabulary, written once for the exchange and the page: order filters and
// the stop-order types each one lists, and the order statuses (which are open, which are final).

/** orderFilter of create, cancel, cancel-all and the order lists. */
export const ORDER_FILTERS = ['Order', 'StopOrder', 'tpslOrder', 'OcoOrder', 'BidirectionalTpslOrder'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
/** The filters a create request may carry (the local exchange makes no bidirectional TP/SL orders). */
export type CreateFilter = Exclude<OrderFilter, 'BidirectionalTpslOrder'>;
export const CREATE_FILTERS: readonly CreateFilter[] = ['Order', 'StopOrder', 'tpslOrder', 'OcoOrder'];

/** stopOrderType of an order: '' for an ordinary one; TakeProfit/StopLoss are attached legs on Bybit. */
export const STOP_ORDER_TYPES = ['', 'Stop', 'TrailingStop', 'tpslOrder', 'OcoOrder', 'BidirectionalTpslOrder', 'TakeProfit', 'StopLoss'] as const;
export type StopOrderType = (typeof STOP_ORDER_TYPES)[number];

/** Which stop-order types each filter lists (order lists, cancel-all). */
export const FILTER_STOP_TYPES: Readonly<Record<OrderFilter, readonly StopOrderType[]>> = {
  Order: [''],
  StopOrder: ['Stop', 'TrailingStop'],
  tpslOrder: ['tpslOrder'],
  OcoOrder: ['OcoOrder'],
  BidirectionalTpslOrder: ['BidirectionalTpslOrder'],
};

export const isOrderFilter = (v: unknown): v is OrderFilter => typeof v === 'string' && (ORDER_FILTERS as readonly string[]).includes(v);
export const isCreateFilter = (v: unknown): v is CreateFilter => typeof v === 'string' && (CREATE_FILTERS as readonly string[]).includes(v);

/** orderStatus of a unified-account (v5) order. */
export const OPEN_STATUSES = ['New', 'PartiallyFilled', 'Untriggered'] as const;
export const FINAL_STATUSES = ['Filled', 'Cancelled', 'PartiallyFilledCanceled', 'Rejected', 'Deactivated'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/** The open statuses as an SQL list ('New','PartiallyFilled','Untriggered') for the exchange's queries. */
export const OPEN_STATUS_SQL = OPEN_STATUSES.map((st) => `'${st}'`).join(',');

export const isOpenStatus = (s: string): s is OpenStatus => (OPEN_STATUSES as readonly string[]).includes(s);
export const isFinalStatus = (s: string): s is FinalStatus => (FINAL_STATUSES as readonly string[]).includes(s);

/** A classic account's statuses (what its spot feed says), which the page shows as they are. */
export const CLASSIC_STATUSES: ReadonlySet<string> = new Set([
  'UNKNOWN', 'NEW', 'PENDING_NEW', 'PENDING_CANCEL', 'ORDER_NEW', 'ORDER_FILLED', 'PARTIALLY_FILLED', 'PARTIALLY_FILLED_CANCELED',
  'FILLED', 'ORDER_CANCELED', 'CANCELED', 'ORDER_REJECTED', 'REJECTED',
]);

/** An order link id (client order id): 1–36 of [A-Za-z0-9_-]. */
export const ORDER_LINK_ID_RE = /^[A-Za-z0-9_-]{1,36}$/;
