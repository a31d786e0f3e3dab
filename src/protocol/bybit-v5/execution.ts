// A Bybit v5 spot execution (REST /v5/execution/list item and `execution` push item): the wire
// type the exchange writes (server/private/order-rows.ts) and the page's decoder.
import type { Execution } from '../../core/order-types.ts';
import { isObj } from './checks.ts';
import { createTypeOf, num, str } from './order.ts';

export interface ExecutionWire {
  category: 'spot';
  symbol: string;
  closedSize: string;
  execFee: string;
  execId: string;
  execPrice: string;
  execQty: string;
  execType: string;
  execValue: string;
  feeRate: string;
  tradeIv: string;
  markIv: string;
  blockTradeId: string;
  markPrice: string;
  indexPrice: string;
  underlyingPrice: string;
  leavesQty: string;
  orderId: string;
  orderLinkId: string;
  orderPrice: string;
  orderQty: string;
  orderType: string;
  stopOrderType: string;
  side: string;
  execTime: string;
  isLeverage: string;
  isMaker: boolean;
  seq: number;
  marketUnit: string;
  execPnl: string;
  createType: string;
  extraFees: string;
  feeCurrency: string;
}

export function decodeExecution(raw: unknown): Execution | null {
  if (!isObj(raw) || typeof raw.execId !== 'string') return null;
  return {
    tradeId: raw.execId,
    orderId: str(raw.orderId),
    symbolId: str(raw.symbol),
    side: raw.side === 'Sell' ? 'Sell' : 'Buy',
    execPrice: str(raw.execPrice),
    execQty: str(raw.execQty),
    execValue: str(raw.execValue),
    execFee: str(raw.execFee),
    feeCurrency: str(raw.feeCurrency),
    orderType: str(raw.orderType),
    isMaker: raw.isMaker === true,
    tradeTime: num(raw.execTime),
    blockTrade: str(raw.blockTradeId) !== '',
    createType: createTypeOf(raw.createType),
  };
}
