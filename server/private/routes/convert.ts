// OTC convert, Bybit's /v5/asset/exchange/* (services/convert.ts): coins, a quote valid 10 s, its
// execution, its result and the history. The page's convert form is routes/otc-pages.ts.
import { AMOUNT, digits, object, query, text } from '../../http/schemas.ts';
import { privateGet, privatePost, type RouteContext } from './context.ts';

const COIN = text(16);

export function installConvertRoutes(rc: RouteContext): void {
  const { convert } = rc.services;
  privateGet(rc, '/v5/asset/exchange/query-coin-list', query({ accountType: text(32), side: digits(1), coin: COIN }), (userId, q) => ({ coins: convert.coins(userId, q.get('accountType') ?? '') }));
  privatePost(rc, '/v5/asset/exchange/quote-apply', object({ fromCoin: COIN, toCoin: COIN, fromCoinType: COIN, toCoinType: COIN, requestCoin: COIN, requestAmount: AMOUNT, accountType: text(32), requestId: text(64), paramType: text(32), paramValue: text(64) }, ['fromCoin', 'toCoin', 'requestCoin', 'requestAmount', 'accountType']), (userId, body) => convert.quote(userId, body));
  privatePost(rc, '/v5/asset/exchange/convert-execute', object({ quoteTxId: text(64) }, ['quoteTxId']), (userId, body) => convert.execute(userId, body.quoteTxId));
  privateGet(rc, '/v5/asset/exchange/convert-result-query', query({ quoteTxId: text(64), accountType: text(32) }), (userId, q) => ({ result: convert.status(userId, q.get('quoteTxId')) }));
  privateGet(rc, '/v5/asset/exchange/query-convert-history', query({ accountType: text(128), index: digits(6), limit: digits(4) }), (userId, q) => ({ list: convert.history(userId, q) }));
}
