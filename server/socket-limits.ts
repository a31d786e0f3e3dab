import type { WebSocket } from 'ws';

/**
 * Limits both sockets (/v5/public/spot and /v5/private) apply to each connection: a request budget
 * of a burst of 60 messages refilled at 20 per second; a refused message gets an error reply, and a
 * client that keeps flooding after 100 refusals is closed with 1008 (policy violation).
 */
export const WS_RATE_BURST = 60;
export const WS_RATE_PER_SECOND = 20;
export const WS_MAX_REFUSALS = 100;
/** Largest frame either socket accepts (ws closes bigger ones with 1009). */
export const WS_MAX_PAYLOAD = 64 * 1024;
/** Close code for a client that broke a rule (flooding, no auth in time, too many topics). */
export const WS_POLICY_VIOLATION = 1008;

/** A token bucket: `burst` tokens, refilled continuously at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private refillAt: number;
  /** Messages refused so far on this connection. */
  refusals = 0;

  constructor(
    private readonly burst = WS_RATE_BURST,
    private readonly perSecond = WS_RATE_PER_SECOND,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.refillAt = now;
  }

  /** Takes one token; false when the bucket is empty. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refillAt) * this.perSecond) / 1000);
    this.refillAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }
}

/**
 * Admits one incoming message: true to handle it. Otherwise the message is refused: `refuse()`
 * sends the socket's own error reply, and past WS_MAX_REFUSALS the connection is closed with 1008.
 */
export function admitMessage(bucket: TokenBucket, ws: WebSocket, refuse: () => void): boolean {
  if (bucket.take()) return true;
  if (++bucket.refusals > WS_MAX_REFUSALS) ws.close(WS_POLICY_VIOLATION, 'too many requests');
  else refuse();
  return false;
}
