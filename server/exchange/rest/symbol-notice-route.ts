import type { SymbolNotice } from '../../../src/protocol/symbol-notice.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { faultScopeOf } from '../faults/scope.ts';
import { sendJson } from '../../http/reply.ts';
import { query, text } from '../../http/schemas.ts';
import type { Market } from '../sim/market.ts';
import type { Markets } from '../sim/markets.ts';
import { PARAM_ERROR } from './envelope.ts';

export const SYMBOL_NOTICE_PATH = '/api/spot/symbol-notice';

/** Spec 3 "Symbol notice": 1 and 2 show the countdown, 3 a pending icon; 0 is our "no notice, open". */
export const NOTICE_NONE = 0;
export const NOTICE_COUNTDOWN = 1;

/**
 * Notice types a test set for a symbol (/faults/notice-type), keyed `${scope} ${symbol}` ('' scope:
 * every client); the notice of a symbol that is not yet open carries it instead of NOTICE_COUNTDOWN.
 */
export const noticeTypeOverrides = new Map<string, number>();

/** Same-origin page that explains new listings; a path, so the page never follows a foreign link. */
export const NEW_LISTING_PATH = '/announcements/new-listing';


/**
 * GET /api/spot/symbol-notice?symbol_id=X for the chart's opening countdown (spec 4.1, 7.1). It
 * speaks the page API's envelope ({success, code, result}), not Bybit's, because the page reads it
 * that way. Content is plain text: the page shows it as text, so no markup ever goes out.
 */
export function installSymbolNoticeRoute(app: FastifyInstance, markets: Markets): void {
  const schema = { querystring: query({ symbol_id: text(64) }, ['symbol_id']) };
  // Its parameter errors keep the envelope and the HTTP 200 of its business errors.
  app.get(SYMBOL_NOTICE_PATH, { schema, config: { api: 'page', paramStatus: 200 } }, (request, res) => {
    const id = (request.query as { symbol_id?: string }).symbol_id ?? '';
    if (id === '') {
      failPage(res, PARAM_ERROR, 'symbol_id is required');
      return;
    }
    const m = markets.bySymbol.get(id);
    if (!m) {
      failPage(res, PARAM_ERROR, `unknown symbol: ${id.slice(0, 40)}`);
      return;
    }
    const scope = faultScopeOf(request.headers.cookie);
    const override = (scope !== undefined ? noticeTypeOverrides.get(`${scope} ${id}`) : undefined) ?? noticeTypeOverrides.get(` ${id}`);
    sendJson(res, 200, { success: true, code: 0, result: symbolNotice(m, Date.now(), override) });
  });
}

/** The notice of one market at `now`: a countdown (or the given type) until it opens, none after. */
export function symbolNotice(m: Market, now: number, typeBeforeOpen = NOTICE_COUNTDOWN): SymbolNotice {
  const onlineTime = m.launchTime(now);
  const { base, quote } = m.def;
  if (onlineTime > now) {
    return {
      symbolId: m.def.symbol,
      noticeType: typeBeforeOpen,
      noticeContent: `${base}/${quote} opens for trading at ${new Date(onlineTime).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      noticeLinkUrl: NEW_LISTING_PATH,
      onlineTime,
      nowTime: now,
    };
  }
  return {
    symbolId: m.def.symbol,
    noticeType: NOTICE_NONE,
    noticeContent: `${base}/${quote} is open for trading.`,
    noticeLinkUrl: NEW_LISTING_PATH,
    onlineTime,
    nowTime: now,
  };
}

/** Business errors answer HTTP 200, as the page API does elsewhere. */
function failPage(res: FastifyReply, code: number, message: string): void {
  sendJson(res, 200, { success: false, code, message });
}
