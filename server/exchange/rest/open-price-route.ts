import type { FastifyInstance } from 'fastify';
import { rawQuery } from '../../http/request.ts';
import { query, text } from '../../http/schemas.ts';
import type { Markets } from '../sim/markets.ts';
import { fail, ok, PARAM_ERROR } from './envelope.ts';

/**
 * GET /v5/market/open-price?category=spot&timeZone=Asia/Tokyo (spec 6, 7.1 "futures open price":
 * sends timeZone and category, reads result.data): each open market's price at the start of the
 * current day in that time zone — the open of its first 1-minute candle from local midnight on.
 * A local extension in Bybit's envelope; time zones are IANA names (or UTC).
 */
export const OPEN_PRICE_PATH = '/v5/market/open-price';

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `now` (ms, east positive), or null for a zone the runtime does not know. */
export function zoneOffsetMs(timeZone: string, now: number): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(now);
  } catch {
    return null;
  }
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(now / 1000) * 1000;
}

/** Local midnight of `now`'s day in a zone with this offset, as UTC ms (DST changes inside the day are not followed). */
export function dayStartMs(now: number, offsetMs: number): number {
  return Math.floor((now + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

export function installOpenPriceRoute(app: FastifyInstance, markets: Markets): void {
  const schema = { querystring: query({ category: text(32), timeZone: text(64) }) };
  app.get(OPEN_PRICE_PATH, { schema, config: { ipLimit: true } }, (request, res) => {
    const q = new URLSearchParams(rawQuery(request));
    const category = q.get('category') ?? '';
    if (category !== 'spot') return fail(res, PARAM_ERROR, category ? `params error: category ${category.slice(0, 32)} is not available on the local exchange` : 'params error: category is required');
    const timeZone = q.get('timeZone') || 'UTC';
    const now = markets.now();
    const offset = zoneOffsetMs(timeZone, now);
    if (offset === null) return fail(res, PARAM_ERROR, `params error: unknown timeZone ${timeZone.slice(0, 64)}`);
    const openTime = dayStartMs(now, offset);
    const data: Array<{ symbol: string; openPrice: string }> = [];
    for (const m of markets.bySymbol.values()) {
      if (!m.isOpen(now)) continue;
      const first = m.candles.list('1').find((c) => c.start >= openTime);
      if (first) data.push({ symbol: m.def.symbol, openPrice: m.price(first.open) });
    }
    ok(res, { category: 'spot', timeZone, openTime: String(openTime), data });
  });
}
