// The private stream (spec 7.7): one reconnecting socket (src/net/), authenticated by the page's
// session cookie on the upgrade, subscribed to the account kind's topics, its pushes decoded into
// events. state/ only says what to do with the events.
import type { Execution, Order, TokenBalance } from '../core/order-types.ts';
import { ReconnectingSocket, type SocketLike, type SocketState } from '../net/socket.ts';
import { isRecord } from './http.ts';
import { decodeExecution, decodeOrder, decodeWallet, type AccountKind } from './trading-codec.ts';

export const PRIVATE_STREAM_PATH = '/v5/private';

/** A unified account follows the all-category topics; a classic one the spot-only feeds. */
export const PRIVATE_TOPICS: Record<AccountKind, readonly string[]> = {
  uta: ['order', 'execution', 'wallet'],
  classic: ['order.spot', 'execution.spot', 'wallet'],
};

export type PrivateEvent =
  | { type: 'orders'; orders: Order[] }
  | { type: 'executions'; executions: Execution[] }
  | { type: 'wallet'; balances: TokenBalance[] }
  | { type: 'ack'; op: string; success: boolean; message: string };

/** ws(s)://host/v5/private for the page's origin; the session cookie authenticates it. */
export function privateStreamUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${PRIVATE_STREAM_PATH}`;
}

export function subscribeFrame(kind: AccountKind, reqId: string): string {
  return JSON.stringify({ req_id: reqId, op: 'subscribe', args: PRIVATE_TOPICS[kind] });
}

/** One text frame → an event, or null for frames the page does not use (pongs, unknown topics). */
export function decodePrivateMessage(text: string, kind: AccountKind): PrivateEvent | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(msg)) return null;
  if (typeof msg.op === 'string' && msg.op !== 'pong') {
    return { type: 'ack', op: msg.op, success: msg.success === true, message: typeof msg.ret_msg === 'string' ? msg.ret_msg : '' };
  }
  const topic = typeof msg.topic === 'string' ? msg.topic : '';
  // The all-category topics of a unified account also carry derivatives; the spot page keeps spot.
  const data = (Array.isArray(msg.data) ? msg.data : []).filter((d) => !isRecord(d) || d.category === undefined || d.category === 'spot');
  if (topic === 'order' || topic === 'order.spot') {
    return { type: 'orders', orders: data.map((d) => decodeOrder(d, kind)).filter((o): o is Order => o !== null) };
  }
  if (topic === 'execution' || topic === 'execution.spot') {
    return { type: 'executions', executions: data.map(decodeExecution).filter((e): e is Execution => e !== null) };
  }
  if (topic === 'wallet') return { type: 'wallet', balances: decodeWallet(Array.isArray(msg.data) ? msg.data[0] : undefined, kind) };
  return null;
}

export interface PrivateStreamHandlers {
  onEvent(ev: PrivateEvent): void;
  /** Subscribed again after a drop: whatever was pushed meanwhile is lost and must be reloaded. */
  onReconnected(): void;
  onState(state: SocketState): void;
}

export interface PrivateStreamOptions {
  kind: AccountKind;
  /** Defaults to the page's origin. */
  url?: string;
  /** For tests; the real one is the browser's WebSocket. */
  createSocket?: (url: string) => SocketLike;
}

/** The page's private stream for one account; `start` connects, `stop` closes for good. */
export class PrivateStream {
  private readonly socket: ReconnectingSocket;
  private opened = false;
  private reqSeq = 0;

  constructor(opts: PrivateStreamOptions, handlers: PrivateStreamHandlers) {
    const { kind } = opts;
    this.socket = new ReconnectingSocket(
      {
        url: opts.url ?? privateStreamUrl(window.location),
        create: opts.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      },
      {
        onOpen: () => {
          this.socket.send(subscribeFrame(kind, `sub-${++this.reqSeq}`));
          if (this.opened) handlers.onReconnected();
          this.opened = true;
        },
        onText: (text) => {
          const ev = decodePrivateMessage(text, kind);
          if (ev) handlers.onEvent(ev);
        },
        onState: (s) => handlers.onState(s),
      },
    );
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
  }
}
