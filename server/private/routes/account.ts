// The account's own endpoints: /v5/account/{wallet-balance,demo-apply-money,upgrade-to-uta,info},
// positions and closed P&L (spec 7.2), and the innovation quota (spec 3).
import { dcpInfo } from '../services/dcp.ts';
import { fxPlain } from '../../../src/core/decimal.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { AMOUNT, digits, object, query, text } from '../../http/schemas.ts';
import { DEMO_APPLY_MONEY_PATH } from '../../../src/protocol/bybit-v5/demo-money.ts';
import { ACCOUNT_INFO_PATH, UPGRADE_TO_UTA_PATH } from '../../../src/protocol/bybit-v5/uta-upgrade.ts';
import { INNOVATION_QUOTA_PATH, type InnovationQuotaWire } from '../../../src/protocol/innovation-quota.ts';
import { CLOSED_PNL_PATH, QUERY_POSITIONS_PATH } from '../../../src/protocol/positions.ts';
import { accountInfo } from '../engines/uta-upgrade.ts';
import { marketOf } from '../market.ts';
import { walletJson } from '../rows/wallet.ts';
import { applyDemoMoney } from '../services/demo-money.ts';
import { innovationQuota } from '../services/market-gates.ts';
import { closedPnl, queryPositions } from '../services/positions.ts';
import { privateGet, privatePost, type RouteContext } from './context.ts';

const CATEGORY = text(16);
const SYMBOL = text(64);
const CURSOR = text(256);
const POSITIONS_BODY = object({ needSort: { enum: [0, 1, '0', '1'], description: '0 or 1' } });
const WALLET_QUERY = query({ accountType: text(16), coin: text(512) });
const DEMO_MONEY_BODY = object(
  {
    adjustType: { enum: [0, 1, '0', '1'], description: '0 or 1' },
    utaDemoApplyMoney: { type: 'array', maxItems: 4, items: object({ coin: text(8), amountStr: AMOUNT }, ['coin', 'amountStr']) },
  },
  ['utaDemoApplyMoney'],
);

export function installPrivateAccountRoutes(rc: RouteContext): void {
  const { db } = rc;
  const { trading, upgrades, margin } = rc.services;
  // Spec 3 "Innovation quota": a unified account's {coin, limit}, a classic one's per symbol.
  privateGet(rc, INNOVATION_QUOTA_PATH, query({ symbolId: text(64) }), (userId, q): InnovationQuotaWire => {
    const symbolId = q.get('symbolId') ?? '';
    const m = symbolId ? marketOf(symbolId) : undefined;
    if (symbolId && !m) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    const quota = innovationQuota(db, userId);
    const remain = quota ? fxPlain(quota.remain) : '-1';
    if (getUser(db, userId)?.is_uta === 1) return { coin: m?.quote ?? 'USDT', limit: remain };
    return { symbolId, totalAmount: quota ? fxPlain(quota.total) : '-1', remainAmount: remain };
  });
  privateGet(rc, '/v5/account/wallet-balance', WALLET_QUERY, (userId, q) => {
    const type = q.get('accountType');
    if (type !== 'UNIFIED' && type !== 'SPOT') throw new ApiError(ERR.PARAM, 'Request parameter error: accountType must be UNIFIED or SPOT');
    const coinParam = q.get('coin');
    const coins = coinParam ? new Set(coinParam.split(',').map((c) => c.trim()).filter(Boolean)) : undefined;
    return { list: [walletJson(trading.ledger, userId, trading.engines, coins, trading.margin)] };
  });
  privatePost(rc, QUERY_POSITIONS_PATH, POSITIONS_BODY, (userId, body) => queryPositions(db, trading.ledger, userId, body));
  privateGet(rc, CLOSED_PNL_PATH, query({ category: CATEGORY, symbol: SYMBOL, startTime: digits(16), endTime: digits(16), limit: digits(4), cursor: CURSOR }), (userId, q) => closedPnl(db, userId, q));
  privatePost(rc, DEMO_APPLY_MONEY_PATH, DEMO_MONEY_BODY, (userId, body) => applyDemoMoney(db, trading, userId, body));
  // The upgrade to a unified account (engines/uta-upgrade.ts) and the account info it changes.
  privatePost(rc, UPGRADE_TO_UTA_PATH, object({}), (userId) => upgrades.request(userId));
  privateGet(rc, ACCOUNT_INFO_PATH, query({}), (userId) => ({ ...accountInfo(getUser(db, userId)), marginMode: margin.settings(userId).mode }));
  // Disconnection protection's windows (Bybit's DCP; services/dcp.ts).
  privateGet(rc, '/v5/account/query-dcp-info', query({}), (userId) => dcpInfo(db, userId));
}
