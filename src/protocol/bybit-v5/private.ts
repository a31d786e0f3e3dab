// The private stream's pushes: one envelope (id, topic, creationTime, data) the exchange encodes
// and the page decodes into events.
import type { Execution, Order, TokenBalance } from '../../core/order-types.ts';
import { isObj } from './checks.ts';
import { decodeExecution, type ExecutionWire } from './execution.ts';
import { decodeOpAck, opFrame } from './ops.ts';
import { decodeOrder, type OrderWire } from './order.ts';
import { ACCOUNT_TOPICS, privatePushTopic, type AccountKind, type PrivatePushTopic } from './topics.ts';
import { decodeWallet, type WalletWire } from './wallet.ts';
import { decodeUpgradePush } from './uta-upgrade.ts';
import { decodeLtOrder, LT_ORDER_TOPIC, type LtOrder } from './lt-order.ts';
import { decodeStrategy, STRATEGY_TOPIC, type Strategy } from '../strategy.ts';
import { ALERT_TOPIC, decodeAlert, type Alert } from '../alerts.ts';

export interface PushData {
  order: OrderWire;
  execution: ExecutionWire;
  wallet: WalletWire;
}

export interface PrivatePushWire<T extends PrivatePushTopic = PrivatePushTopic> {
  id: string;
  topic: string;
  creationTime: number;
  data: Array<PushData[T]>;
}

/** One push under the subscribed topic name `name` (e.g. "order.spot" for an `order` push). */
export function encodePrivatePush<T extends PrivatePushTopic>(id: string, name: string, creationTime: number, data: ReadonlyArray<PushData[T]>): string {
  return JSON.stringify({ id, topic: name, creationTime, data });
}

export type PrivateEvent =
  | { type: 'orders'; orders: Order[] }
  | { type: 'executions'; executions: Execution[] }
  | { type: 'wallet'; balances: TokenBalance[] }
  | { type: 'ack'; op: string; success: boolean; message: string; reqId?: string }
  /** user.uta.upgrade: the upgrade's result code (spec 4.14). */
  | { type: 'utaUpgrade'; code: string }
  /** user.lt.order: leveraged-token purchases and redemptions (spec 4.8, 7.7). */
  | { type: 'ltOrders'; orders: LtOrder[] }
  /** strategy: the account's TWAP, iceberg and chase strategies (spec 2.13, 7.7). */
  | { type: 'strategies'; list: Strategy[] }
  /** user.alert: the account's alerts, created, fired or deleted (issue 35 item 3; a local topic). */
  | { type: 'alerts'; list: Alert[] };

/** The page's subscribe frame for an account kind's topics. */
export function subscribeFrame(kind: AccountKind, reqId: string, extra: readonly string[] = []): string {
  // Both kinds also follow their leveraged-token orders (spec 7.7 user.lt.order) and their alerts; a unified account its strategies.
  return opFrame('subscribe', [...ACCOUNT_TOPICS[kind], LT_ORDER_TOPIC, ALERT_TOPIC, ...(kind === 'uta' ? [STRATEGY_TOPIC] : []), ...extra], reqId);
}

/** One text frame → an event, or null for frames the page does not use (pongs, unknown topics). */
export function decodePrivateMessage(text: string, kind: AccountKind): PrivateEvent | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(msg)) return null;
  const ack = decodeOpAck(msg);
  if (ack) return { type: 'ack', ...ack };
  const upgrade = decodeUpgradePush(msg);
  if (upgrade !== undefined) return { type: 'utaUpgrade', code: upgrade };
  if (msg.topic === LT_ORDER_TOPIC) {
    return { type: 'ltOrders', orders: (Array.isArray(msg.data) ? msg.data : []).map(decodeLtOrder).filter((o): o is LtOrder => o !== null) };
  }
  if (msg.topic === STRATEGY_TOPIC) {
    return { type: 'strategies', list: (Array.isArray(msg.data) ? msg.data : []).map(decodeStrategy).filter((x): x is Strategy => x !== null) };
  }
  if (msg.topic === ALERT_TOPIC) {
    return { type: 'alerts', list: (Array.isArray(msg.data) ? msg.data : []).map(decodeAlert).filter((x): x is Alert => x !== null) };
  }
  const topic = privatePushTopic(typeof msg.topic === 'string' ? msg.topic : '');
  // The all-category topics of a unified account also carry derivatives; the spot page keeps spot.
  const data = (Array.isArray(msg.data) ? msg.data : []).filter((d) => !isObj(d) || d.category === undefined || d.category === 'spot');
  if (topic === 'order') return { type: 'orders', orders: data.map((d) => decodeOrder(d, kind)).filter((o): o is Order => o !== null) };
  if (topic === 'execution') return { type: 'executions', executions: data.map(decodeExecution).filter((e): e is Execution => e !== null) };
  if (topic === 'wallet') return { type: 'wallet', balances: decodeWallet(Array.isArray(msg.data) ? msg.data[0] : undefined, kind) };
  return null;
}
