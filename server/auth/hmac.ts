import { createHmac, timingSafeEqual } from 'node:crypto';

/** Bybit v5 REST signature: lowercase hex HMAC-SHA256(secret, timestamp + apiKey + recvWindow + payload). */
export function signRest(secret: string, timestamp: string, apiKey: string, recvWindow: string, payload: string): string {
  return createHmac('sha256', secret).update(timestamp + apiKey + recvWindow + payload).digest('hex');
}

/** Bybit v5 private WebSocket auth signature over "GET/realtime" + expires. */
export function signWsAuth(secret: string, expires: string | number): string {
  return createHmac('sha256', secret).update(`GET/realtime${expires}`).digest('hex');
}

/** Constant-time comparison of two hex signatures (case-insensitive, as clients differ). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
