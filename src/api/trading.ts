// One trading interface for both account kinds (spec 1 item 1, 7.2–7.4). A unified account and a
// classic one use different endpoints and feeds on a real exchange; the local exchange serves both
// through Bybit v5 with the page's session, so the two adapters below differ only where the spec
// says they do (wallet account type, free balance field, status vocabulary, stream topics).
import type { OrderDraft } from '../core/order-rules.ts';
import type { Execution, Order, PlanType, TokenBalance } from '../core/order-types.ts';
import { isRecord, requestJson, v5Result, type ApiError } from './http.ts';
import { readPaced } from './retry.ts';

/** Bybit's retCode for an orderLinkId the account already used. */
const DUPLICATE_LINK_ID = 170141;
/** Bybit's retCode past a per-UID rate limit ("Too many visits!"). */
/** A list read over its rate limit waits this long (× the attempt) and asks again, this many times. */
import { groupOfPlan, type OrderGroup } from '../core/order-groups.ts';
import { createOrderBody, FILTER_OF_GROUP } from './order-body.ts';
import { decodeExecution } from '../protocol/bybit-v5/execution.ts';
import { decodeOrder } from '../protocol/bybit-v5/order.ts';
import { decodeList } from '../protocol/bybit-v5/rest.ts';
import type { AccountKind } from '../protocol/bybit-v5/topics.ts';
import { decodeWallet } from '../protocol/bybit-v5/wallet.ts';
import { traceparent } from '../core/trace.ts';

export interface OrderRef {
  symbolId: string;
  orderId: string;
  clientOrderId: string;
  planType: PlanType;
}

export interface AmendRequest extends OrderRef {
  price?: string;
  qty?: string;
  triggerPrice?: string;
  /** A trailing stop's new retracement: a distance, or a rate in percent (spec 5.5, 7.4). */
  trailingValue?: string;
  trailingPercentage?: string;
}

export interface ListQuery {
  /** Undefined lists every pair (show-all-pairs). */
  symbolId?: string;
  group: OrderGroup;
}

export interface TradingApi {
  readonly kind: AccountKind;
  placeOrder(draft: OrderDraft, symbolId: string, clientOrderId: string): Promise<{ orderId: string; clientOrderId: string }>;
  amendOrder(req: AmendRequest): Promise<void>;
  cancelOrder(ref: OrderRef): Promise<void>;
  /** Cancels the open orders of one group (one pair, or all pairs); returns their order ids. */
  cancelAll(q: ListQuery): Promise<string[]>;
  /** Every open order of the group (cursors followed to the end, at most OPEN_ORDERS_MAX). */
  openOrders(q: ListQuery): Promise<Order[]>;
  /** One order as the exchange has it now, open or not (`/v5/order/realtime` by orderId); null when it has none. */
  order(orderId: string): Promise<Order | null>;
  /** One page (ORDER_PAGE_SIZE rows) of the order history, newest first; `from` continues a list. */
  orderHistory(q: ListQuery & { days: number }, from?: HistoryCursor): Promise<HistoryPage<Order>>;
  /** One page of the trade history, newest first; `from` continues a list. */
  executions(q: { symbolId?: string; days: number }, from?: HistoryCursor): Promise<HistoryPage<Execution>>;
  balances(): Promise<TokenBalance[]>;
}

/**
 * Where a history list's next page starts: the oldest time it covers (`start`), the end of the
 * 7-day window being read (`hi`) and the v5 cursor inside that window, if it was not read out.
 */
export interface HistoryCursor {
  readonly start: number;
  readonly hi: number;
  readonly cursor?: string | undefined;
}

/** A page of a history list and where the next one starts (undefined: the list is complete). */
export interface HistoryPage<T> {
  readonly rows: T[];
  readonly next: HistoryCursor | undefined;
}

export type Transport = (url: string, opts?: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> }) => Promise<unknown>;

/** Page size of order lists (spec 9). */
export const ORDER_PAGE_SIZE = 100;
/** The v5 history endpoints answer at most 7 days per request; longer ranges are walked back. */
const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per v5 request: order lists answer at most 50, the execution list 100. */
const V5_MAX_LIMIT = 50;
const V5_MAX_EXEC_LIMIT = 100;
/** A safety bound on the open orders read (Bybit caps open orders per account well below it). */
export const OPEN_ORDERS_MAX = 5000;

const cursorOf = (r: Record<string, unknown>): string | undefined =>
  typeof r.nextPageCursor === 'string' && r.nextPageCursor !== '' ? decodeURIComponent(r.nextPageCursor) : undefined;

interface Flavour {
  walletType: 'UNIFIED' | 'SPOT';
}

const FLAVOURS: Record<AccountKind, Flavour> = {
  uta: { walletType: 'UNIFIED' },
  classic: { walletType: 'SPOT' },
};

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

class V5TradingApi implements TradingApi {
  private readonly flavour: Flavour;

  constructor(
    readonly kind: AccountKind,
    private readonly transport: Transport,
    private readonly now: () => number,
  ) {
    this.flavour = FLAVOURS[kind];
  }

  private async get(path: string, params: Record<string, string | number | undefined>): Promise<Record<string, unknown>> {
    return v5Result(await this.transport(`${path}?${query(params)}`));
  }

  /**
   * A page of a list: reading many pages in a row (1,000 open orders are 20 requests) can pass the
   * endpoint's per-UID limit (20 per second); the read then waits for the window to pass and asks
   * again, rather than failing the list.
   */
  private read(path: string, params: Record<string, string | number | undefined>): Promise<Record<string, unknown>> {
    return readPaced(() => this.get(path, params));
  }


  private async post(path: string, body: Record<string, unknown>, headers?: Record<string, string>): Promise<Record<string, unknown>> {
    return v5Result(await this.transport(path, { method: 'POST', body, ...(headers ? { headers } : {}) }));
  }

  async placeOrder(draft: OrderDraft, symbolId: string, clientOrderId: string) {
    try {
      const r = await this.post('/v5/order/create', createOrderBody(draft, symbolId, clientOrderId));
      return { orderId: String(r.orderId ?? ''), clientOrderId: String(r.orderLinkId ?? clientOrderId) };
    } catch (err) {
      // Bybit's "Duplicate clientOrderId": an earlier send of this very attempt reached the exchange
      // though its answer was lost (a dropped route, a timeout). The order exists: find it by its id.
      if ((err as ApiError).code !== DUPLICATE_LINK_ID) throw err;
      const r = await this.get('/v5/order/realtime', { category: 'spot', symbol: symbolId, orderLinkId: clientOrderId, openOnly: 0 });
      const found = decodeList(r, (raw) => decodeOrder(raw, this.kind)).find((o) => o.clientOrderId === clientOrderId);
      if (!found) throw err;
      return { orderId: found.orderId, clientOrderId };
    }
  }

  async amendOrder(req: AmendRequest): Promise<void> {
    await this.post('/v5/order/amend', {
      category: 'spot', symbol: req.symbolId, orderId: req.orderId, orderLinkId: req.clientOrderId,
      ...(req.price !== undefined ? { price: req.price } : {}),
      ...(req.qty !== undefined ? { qty: req.qty } : {}),
      ...(req.triggerPrice !== undefined ? { triggerPrice: req.triggerPrice } : {}),
      ...(req.trailingValue !== undefined ? { trailingValue: req.trailingValue } : {}),
      ...(req.trailingPercentage !== undefined ? { trailingPercentage: req.trailingPercentage } : {}),
    });
  }

  async cancelOrder(ref: OrderRef): Promise<void> {
    await this.post('/v5/order/cancel', {
      category: 'spot', symbol: ref.symbolId, orderId: ref.orderId, orderLinkId: ref.clientOrderId, orderFilter: FILTER_OF_GROUP[groupOfPlan(ref.planType)],
    }, { traceparent: traceparent() });
  }

  async cancelAll(q: ListQuery): Promise<string[]> {
    const r = await this.post('/v5/order/cancel-all', { category: 'spot', orderFilter: FILTER_OF_GROUP[q.group], ...(q.symbolId ? { symbol: q.symbolId } : {}) }, { traceparent: traceparent() });
    const list: unknown[] = Array.isArray(r.list) ? r.list : [];
    return list.map((item) => (isRecord(item) && typeof item.orderId === 'string' ? item.orderId : '')).filter((id) => id !== '');
  }

  /** Follows cursors until `max` rows or the end. */
  private async pages<T>(path: string, params: Record<string, string | number | undefined>, decode: (raw: unknown) => T | null, max: number): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    do {
      const r = await this.read(path, { ...params, limit: Math.min(V5_MAX_LIMIT, max - out.length), cursor });
      out.push(...decodeList(r, decode));
      cursor = cursorOf(r);
    } while (cursor && out.length < max);
    return out;
  }

  /**
   * One page of a history list: reads 7-day windows back from `from` (or from now over `days`),
   * following each window's cursor, until ORDER_PAGE_SIZE rows or the range's start. Windows do
   * not overlap (each ends 1 ms before the newer one began), so no row comes twice.
   */
  private async history<T>(
    path: string, params: Record<string, string | undefined>, days: number, decode: (raw: unknown) => T | null, perRequest: number, from: HistoryCursor | undefined,
  ): Promise<HistoryPage<T>> {
    const rows: T[] = [];
    let hi = from?.hi ?? this.now();
    const start = from?.start ?? hi - days * DAY_MS;
    let cursor = from?.cursor;
    while (hi >= start && rows.length < ORDER_PAGE_SIZE) {
      const lo = Math.max(start, hi - WINDOW_MS);
      const r = await this.read(path, { ...params, startTime: lo, endTime: hi, limit: Math.min(perRequest, ORDER_PAGE_SIZE - rows.length), cursor });
      rows.push(...decodeList(r, decode));
      cursor = cursorOf(r);
      if (!cursor) hi = lo - 1;
    }
    return { rows, next: hi >= start ? { start, hi, cursor } : undefined };
  }

  openOrders(q: ListQuery): Promise<Order[]> {
    return this.pages('/v5/order/realtime', { category: 'spot', symbol: q.symbolId, orderFilter: FILTER_OF_GROUP[q.group], openOnly: 0 }, (raw) => decodeOrder(raw, this.kind), OPEN_ORDERS_MAX);
  }

  async order(orderId: string): Promise<Order | null> {
    const r = await this.read('/v5/order/realtime', { category: 'spot', orderId });
    return decodeList(r, (raw) => decodeOrder(raw, this.kind)).find((o) => o.orderId === orderId) ?? null;
  }

  orderHistory(q: ListQuery & { days: number }, from?: HistoryCursor): Promise<HistoryPage<Order>> {
    const params = { category: 'spot', symbol: q.symbolId, orderFilter: FILTER_OF_GROUP[q.group] };
    return this.history('/v5/order/history', params, q.days, (raw) => decodeOrder(raw, this.kind), V5_MAX_LIMIT, from);
  }

  executions(q: { symbolId?: string; days: number }, from?: HistoryCursor): Promise<HistoryPage<Execution>> {
    return this.history('/v5/execution/list', { category: 'spot', symbol: q.symbolId }, q.days, decodeExecution, V5_MAX_EXEC_LIMIT, from);
  }

  async balances(): Promise<TokenBalance[]> {
    const r = await this.get('/v5/account/wallet-balance', { accountType: this.flavour.walletType });
    const list = Array.isArray(r.list) ? r.list : [];
    return decodeWallet(list[0], this.kind);
  }
}

/** The trading API for an account kind; `transport` defaults to the page's same-origin JSON client. */
export function createTradingApi(kind: AccountKind, transport: Transport = requestJson, now: () => number = Date.now): TradingApi {
  return new V5TradingApi(kind, transport, now);
}

export type { AccountKind } from '../protocol/bybit-v5/topics.ts';
export type { OrderGroup } from '../core/order-groups.ts';
