// The user's fills for the chart (trade markers, average buy / sell lines: spec 2.6, 3 "Trade
// execution", 7.2). The v5 execution list answers at most 7 days per request, so a long range is
// read as 7-day windows, a few at a time.
import type { Execution } from '../core/order-types.ts';
import { requestJson, v5Result } from './http.ts';
import { decodeExecution } from '../protocol/bybit-v5/execution.ts';
import { decodeList } from '../protocol/bybit-v5/rest.ts';
import { weekWindows } from './time-windows.ts';
import { readPaced } from './retry.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE_LIMIT = 100;
/** Windows asked for at once: 1095 days is 157 windows. */
const PARALLEL = 6;
/** Pages followed inside one window before giving up on its older fills. */
const MAX_PAGES_PER_WINDOW = 10;

export type JsonGet = (url: string) => Promise<unknown>;

async function windowFills(get: JsonGet, symbol: string, lo: number, hi: number): Promise<Execution[]> {
  const out: Execution[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const q = new URLSearchParams({ category: 'spot', symbol, startTime: String(lo), endTime: String(hi), limit: String(PAGE_LIMIT) });
    if (cursor) q.set('cursor', cursor);
    const r = await readPaced(async () => v5Result(await get(`/v5/execution/list?${q}`)));
    out.push(...decodeList(r, decodeExecution));
    cursor = typeof r.nextPageCursor === 'string' && r.nextPageCursor !== '' ? decodeURIComponent(r.nextPageCursor) : undefined;
  } while (cursor && ++pages < MAX_PAGES_PER_WINDOW);
  return out;
}

/** Every fill of `symbol` in the last `days` days, newest first. */
export async function fetchChartFills(symbol: string, days: number, now = Date.now(), get: JsonGet = (u) => requestJson(u)): Promise<Execution[]> {
  const windows = weekWindows(now - days * DAY_MS, now);
  const out: Execution[] = [];
  for (let i = 0; i < windows.length; i += PARALLEL) {
    const batch = await Promise.all(windows.slice(i, i + PARALLEL).map(([lo, hi]) => windowFills(get, symbol, lo, hi)));
    for (const list of batch) out.push(...list);
  }
  return out;
}
