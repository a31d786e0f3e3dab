import { faultScopeOf } from '../../exchange/faults/scope.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { bybitBody, sendJson } from '../../http/reply.ts';
import { AMOUNT, digits, object, query, text } from '../../http/schemas.ts';
import { LT_INFO_PATH, LT_PURCHASE_PATH, LT_REDEEM_PATH, LT_REFERENCE_PATH } from '../../../src/protocol/bybit-v5/lever-token.ts';
import { LT_ORDER_RECORD_PATH } from '../../../src/protocol/bybit-v5/lt-order.ts';
import { privateGet, privatePost, type RouteContext } from './context.ts';

const COIN = text(16);
const SERIAL = text(40);
const PURCHASE_BODY = object({ ltCoin: COIN, amount: AMOUNT, ltAmount: AMOUNT, serialNo: SERIAL }, ['ltCoin']);
const REDEEM_BODY = object({ ltCoin: COIN, quantity: AMOUNT, serialNo: SERIAL }, ['ltCoin', 'quantity']);
const RECORD_QUERY = query({ ltCoin: COIN, orderId: text(32), startTime: digits(16), endTime: digits(16), limit: digits(4), ltOrderType: digits(1), serialNo: SERIAL });

/**
 * /v5/spot-lever-token/*: info and reference are public (the old bybit-api client called them
 * unsigned), purchase, redeem and order-record are private (signed or the page's session).
 */
export function installLeverTokenRoutes(rc: RouteContext): void {
  const { lt } = rc.services;
  const coins = (q: Record<string, string | undefined>): string[] => {
    const c = q.ltCoin;
    if (c === undefined || c === '') return [...lt.tokens.entries.keys()];
    if (!lt.tokens.get(c)) throw new ApiError(ERR.PARAM, 'Request parameter error: ltCoin');
    return [c];
  };
  const publicGet = (path: string, fn: (coin: string, now: number, scope: string | undefined) => unknown, single: boolean) =>
    rc.router.get(path, { schema: { querystring: query({ ltCoin: COIN }) }, config: { ipLimit: true } }, (request, res) => {
      try {
        const now = Date.now();
        const scope = faultScopeOf(request.headers.cookie);
        const list = coins(request.query as Record<string, string | undefined>).map((c) => fn(c, now, scope));
        // reference answers one token (ltCoin is required there), info a list.
        if (single && !(request.query as Record<string, string | undefined>).ltCoin) throw new ApiError(ERR.PARAM, 'Request parameter error: ltCoin is required');
        sendJson(res, 200, bybitBody(0, 'OK', single ? list[0] : { list }));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        sendJson(res, 200, bybitBody(err.retCode, err.message));
      }
    });
  publicGet(LT_INFO_PATH, (c, now, scope) => lt.tokens.info(c, now, scope), false);
  publicGet(LT_REFERENCE_PATH, (c, now, scope) => lt.tokens.reference(c, now, scope), true);
  // A browser test's fault scope (its fault_scope cookie) decides which token overrides apply.
  privatePost(rc, LT_PURCHASE_PATH, PURCHASE_BODY, (userId, body, request) => lt.purchase(userId, body, faultScopeOf(request.headers.cookie)));
  privatePost(rc, LT_REDEEM_PATH, REDEEM_BODY, (userId, body, request) => lt.redeem(userId, body, faultScopeOf(request.headers.cookie)));
  privateGet(rc, LT_ORDER_RECORD_PATH, RECORD_QUERY, (userId, q) => lt.records(userId, q));
}
