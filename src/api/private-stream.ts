// The private stream (spec 7.7): one reconnecting socket (src/net/), authenticated by the page's
// session cookie on the upgrade, subscribed to the account kind's topics, its pushes decoded into
// events. state/ only says what to do with the events.
import { onApiBase, wsOrigin } from '../net/api-base.ts';
import { ReconnectingSocket, type SocketLike, type SocketState } from '../net/socket.ts';
import type { SocketReport } from '../net/socket-report.ts';
import { opFrame } from '../protocol/bybit-v5/ops.ts';
import { decodePrivateMessage, subscribeFrame, type PrivateEvent } from '../protocol/bybit-v5/private.ts';
import { PRIVATE_WS_PATH, type AccountKind } from '../protocol/bybit-v5/topics.ts';

export type { PrivateEvent } from '../protocol/bybit-v5/private.ts';

/** ws(s)://host/v5/private on the current route (the page's origin by default); the session cookie authenticates it. */
export function privateStreamUrl(loc: { protocol: string; host: string }): string {
  return `${wsOrigin(loc)}${PRIVATE_WS_PATH}`;
}

export interface PrivateStreamHandlers {
  onEvent(ev: PrivateEvent): void;
  /** Subscribed again after a drop: whatever was pushed meanwhile is lost and must be reloaded. */
  onReconnected(): void;
  /** The stream's state, with the close code (spec 8) of the failure that ended the last connection. */
  onState(state: SocketState, closeCode?: number): void;
  /** The stream reached a report threshold (spec 9 "3/3/22"). */
  onReport?(report: SocketReport): void;
  /** The exchange acknowledged the subscription sent on open: pushes reach the page from now on. */
  onSubscribed?(): void;
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
  private socket: ReconnectingSocket;
  private opened = false;
  private reqSeq = 0;
  /** The request id of the subscription sent on the last open (its answer says pushes now reach us). */
  private openReq: string | null = null;
  private readonly unfollow: () => void;
  /** Topics held besides the account's (dcp.spot while disconnection protection is on). */
  private readonly held = new Set<string>();

  constructor(opts: PrivateStreamOptions, handlers: PrivateStreamHandlers) {
    this.socket = this.connectTo(opts.url ?? privateStreamUrl(window.location), opts, handlers);
    // On the page's own stream, follow the route picker to another route (reconnecting there).
    this.unfollow =
      opts.url === undefined
        ? onApiBase(() => {
            const running = this.socket.state !== 'closed';
            this.socket.stop();
            this.socket = this.connectTo(privateStreamUrl(window.location), opts, handlers);
            if (running) this.socket.start();
          })
        : () => undefined;
  }

  private connectTo(url: string, opts: PrivateStreamOptions, handlers: PrivateStreamHandlers): ReconnectingSocket {
    const { kind } = opts;
    return new ReconnectingSocket(
      {
        url,
        create: opts.createSocket ?? ((u) => new WebSocket(u) as unknown as SocketLike),
      },
      {
        onOpen: () => {
          this.openReq = `sub-${++this.reqSeq}`;
          this.socket.send(subscribeFrame(kind, this.openReq, [...this.held]));
          if (this.opened) handlers.onReconnected();
          this.opened = true;
        },
        onText: (text) => {
          const ev = decodePrivateMessage(text, kind);
          if (!ev) return;
          if (ev.type === 'ack' && ev.op === 'subscribe' && ev.success && ev.reqId === this.openReq) handlers.onSubscribed?.();
          handlers.onEvent(ev);
        },
        onState: (s, code) => handlers.onState(s, code),
        onReport: (r) => handlers.onReport?.(r),
      },
    );
  }

  start(): void {
    this.socket.start();
  }

  /** Holds `topic` on this stream (now if connected, and on every reconnect) or lets it go. */
  hold(topic: string, on: boolean): void {
    if (this.held.has(topic) === on) return;
    if (on) this.held.add(topic);
    else this.held.delete(topic);
    this.socket.send(opFrame(on ? 'subscribe' : 'unsubscribe', [topic], `${on ? 'sub' : 'unsub'}-${++this.reqSeq}`));
  }

  stop(): void {
    this.unfollow();
    this.socket.stop();
  }
}

