import type { WebSocket } from 'ws';
import type { TokenBucket } from '../../socket-limits.ts';

/** Above this many queued bytes a client gets no more pushes until it drains (book topics then resync by snapshot). */
export const SOFT_BUFFER_BYTES = 1 << 20;
/** Above this a client is cut off: a slow reader must not grow server memory without bound. */
export const HARD_BUFFER_BYTES = 8 << 20;

/** One socket of the public stream. */
export interface Client {
  readonly ws: WebSocket;
  readonly connId: string;
  readonly topics: Set<string>;
  /** Book topics whose deltas were skipped for this client; it gets a snapshot once it drains. */
  readonly resync: Set<string>;
  /** Its message budget (socket-limits.ts). */
  readonly bucket: TokenBucket;
  /** Characters of the topic names it is subscribed to (capped per connection). */
  topicChars: number;
  /**
   * Symbols whose pushes this client does not get (a fault control scoped to its browser context,
   * see /faults/pause with `scope`); shared by every client of the same scope.
   */
  readonly silenced: ReadonlySet<string>;
  /** Its browser context's fault scope (the fault_scope cookie of its handshake), if any. */
  readonly scope?: string | undefined;
}

export type SendOutcome = 'sent' | 'skipped' | 'closed';

/** Market pushes since start: sent, and skipped for a slow reader (bench:soak reads them through /faults/feed-stats). */
export const pushCounts = { sent: 0, skipped: 0 };

/** Sends a pre-encoded text frame of `symbol`, applying the backpressure rule and the client's silenced symbols. */
export function sendTo(client: Client, data: Buffer, symbol?: string): SendOutcome {
  if (symbol !== undefined && client.silenced.has(symbol)) return 'skipped';
  const ws = client.ws;
  if (ws.readyState !== 1) return 'closed';
  const buffered = ws.bufferedAmount;
  if (buffered > HARD_BUFFER_BYTES) {
    ws.terminate();
    return 'closed';
  }
  if (buffered > SOFT_BUFFER_BYTES) {
    if (symbol !== undefined) pushCounts.skipped++;
    return 'skipped';
  }
  ws.send(data, { binary: false });
  if (symbol !== undefined) pushCounts.sent++;
  return 'sent';
}
