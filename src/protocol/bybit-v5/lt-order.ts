// A leveraged-token order as order-record lists it and user.lt.order pushes it (Bybit v5
// /v5/spot-lever-token/order-record). Apart from lever-token.ts so the private stream's decoder
// does not bring the rest of the leveraged-token protocol into the trading session's chunk.
import { isObj } from './checks.ts';

export const LT_ORDER_RECORD_PATH = '/v5/spot-lever-token/order-record';
/** Private push of the account's leveraged-token orders (spec 7.7 `user.lt.order`). */
export const LT_ORDER_TOPIC = 'user.lt.order';
/** ltOrderType and ltOrderStatus (Bybit: 1 purchase / 2 redeem; 1 completed / 2 in progress / 3 failed). */
export type LtOrderType = 1 | 2;
export type LtOrderStatus = 1 | 2 | 3;
export const LT_ORDER_STATUS = { COMPLETED: 1, IN_PROGRESS: 2, FAILED: 3 } as const;

/** order-record item, and the private push's item. */
export interface LtOrderWire {
  ltCoin: string;
  orderId: string;
  ltOrderType: string;
  orderTime: number;
  updateTime: number;
  ltOrderStatus: string;
  fee: string;
  amount: string;
  value: string;
  valueCoin: string;
  serialNo: string;
}

/** The page's view of one order. */
export interface LtOrder {
  ltCoin: string;
  orderId: string;
  type: LtOrderType;
  status: LtOrderStatus;
  orderTime: number;
  updateTime: number;
  fee: string;
  /** Purchase: quote paid; redemption: tokens given. */
  amount: string;
  /** Purchase: tokens received; redemption: quote received (empty until completed). */
  value: string;
  valueCoin: string;
  serialNo: string;
}

const str = (v: unknown): v is string => typeof v === 'string';

export function decodeLtOrder(d: unknown): LtOrder | null {
  if (!isObj(d) || !str(d.orderId) || !str(d.ltCoin)) return null;
  const type = Number(d.ltOrderType);
  const status = Number(d.ltOrderStatus);
  if ((type !== 1 && type !== 2) || (status !== 1 && status !== 2 && status !== 3)) return null;
  return {
    ltCoin: d.ltCoin,
    orderId: d.orderId,
    type,
    status,
    orderTime: Number(d.orderTime) || 0,
    updateTime: Number(d.updateTime) || 0,
    fee: str(d.fee) ? d.fee : '',
    amount: str(d.amount) ? d.amount : '',
    value: str(d.value) ? d.value : '',
    valueCoin: str(d.valueCoin) ? d.valueCoin : '',
    serialNo: str(d.serialNo) ? d.serialNo : '',
  };
}
