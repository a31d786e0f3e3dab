// Strategies, Bybit's /v5/strategy/{create,stop,list,order-list} (engine.ts): TWAP, iceberg and
// chase on spot. The webhook strategies' page API and alert URL are webhook.ts.
import { faultScopeOf } from '../../exchange/faults/scope.ts';
import { AMOUNT, digits, object, query, text } from '../../http/schemas.ts';
import { STRATEGY_CREATE_PATH, STRATEGY_LIST_PATH, STRATEGY_ORDER_LIST_PATH, STRATEGY_STOP_PATH } from '../../../src/protocol/strategy.ts';
import { privateGet, privatePost, type RouteContext } from '../routes/context.ts';

export function installStrategyRoutes(rc: RouteContext): void {
  const { strategies } = rc.services;
  const N = { type: ['integer', 'string'], maxLength: 12 };
  const B = { type: ['boolean', 'string'], maxLength: 5 };
  const P = text(40);
  privatePost(
    rc,
    STRATEGY_CREATE_PATH,
    object({
      category: text(32), symbol: text(32), side: text(8), strategyType: text(16), size: AMOUNT, positionValue: AMOUNT, reduceOnly: B, positionIdx: N,
      leverageType: N, duration: N, interval: N, isRandom: B, triggerPrice: P, maxChasePrice: P, chaseDistance: P, chasePercentE4: N, chasePrice: P,
      strategyPrefer: text(32), limitPrice: P, subSize: AMOUNT, orderCount: N, subPositionValue: AMOUNT, postOnly: N, strategyName: text(64),
    }, ['category', 'symbol', 'side', 'strategyType']),
    (userId, body, request) => strategies.create(userId, body, faultScopeOf(request.headers.cookie)),
  );
  privatePost(rc, STRATEGY_STOP_PATH, object({ strategyId: text(64) }, ['strategyId']), (userId, body) => strategies.stopStrategy(userId, body.strategyId));
  const LIST = { strategyId: text(64), symbol: text(32), status: digits(1), category: text(32), strategyType: text(16), beginTimeE0: digits(12), endTimeE0: digits(12), pageSize: digits(3), cursor: text(64) };
  privateGet(rc, STRATEGY_LIST_PATH, query(LIST), (userId, q) => strategies.list(userId, q));
  privateGet(rc, STRATEGY_ORDER_LIST_PATH, query(LIST, ['strategyId']), (userId, q) => strategies.orders(userId, q));
}
