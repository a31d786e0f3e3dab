// The grid bot's and the scaled order's calls (Bybit /v5/grid/*, /v5/order/create-batch), with the
// page's session. Shapes in ../protocol/grid-bots.ts.
import { inBatches, type ScaledOrder } from '../core/scaled-orders.ts';
import {
  GRID_CLOSE_PATH, GRID_CREATE_PATH, GRID_DETAIL_PATH, GRID_VALIDATE_PATH, type GridCloseMode, type GridCreateBody, type GridDetailWire, type GridValidation,
} from '../protocol/grid-bots.ts';
import { ApiError, isRecord, requestJson, v5Result } from './http.ts';

export type Post = (url: string, body: unknown) => Promise<unknown>;
const post: Post = (url, body) => requestJson(url, { method: 'POST', body });

/** validate-input: the ranges and the first failing check (a malformed request throws). */
export async function validateGrid(body: GridCreateBody, signal?: AbortSignal): Promise<GridValidation> {
  return v5Result(await requestJson(GRID_VALIDATE_PATH, { method: 'POST', body, ...(signal ? { signal } : {}) })) as unknown as GridValidation;
}

export async function createGrid(body: GridCreateBody, send: Post = post): Promise<string> {
  const r = v5Result(await send(GRID_CREATE_PATH, body));
  if (typeof r.grid_id !== 'string') throw new ApiError('bad response result', 'parse', 200);
  return r.grid_id;
}

export async function gridDetail(gridId: string, send: Post = post): Promise<GridDetailWire> {
  const r = v5Result(await send(GRID_DETAIL_PATH, { grid_id: gridId }));
  if (!isRecord(r.detail)) throw new ApiError('bad response result', 'parse', 200);
  return r.detail as unknown as GridDetailWire;
}

export async function closeGrid(gridId: string, mode: GridCloseMode, send: Post = post): Promise<void> {
  v5Result(await send(GRID_CLOSE_PATH, { grid_id: gridId, close_mode: String(mode) }));
}

export interface BatchOutcome {
  placed: number;
  /** The first refusal's message, when any order was refused. */
  firstError: string | null;
}

/** Places limit orders through create-batch, 10 per request (Bybit's spot limit), in order. */
export async function placeLadder(symbol: string, side: 'Buy' | 'Sell', orders: readonly ScaledOrder[], send: Post = post): Promise<BatchOutcome> {
  let placed = 0;
  let firstError: string | null = null;
  for (const batch of inBatches(orders)) {
    const data = await send('/v5/order/create-batch', { category: 'spot', request: batch.map((o) => ({ symbol, side, orderType: 'Limit', qty: o.qty, price: o.price, timeInForce: 'GTC' })) });
    v5Result(data);
    const ext = isRecord(data) && isRecord(data.retExtInfo) && Array.isArray(data.retExtInfo.list) ? data.retExtInfo.list : [];
    for (const e of ext) {
      if (isRecord(e) && e.code === 0) placed++;
      else if (firstError === null) firstError = isRecord(e) && typeof e.msg === 'string' ? e.msg : 'refused';
    }
  }
  return { placed, firstError };
}
