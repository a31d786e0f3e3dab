import type { Duplex } from 'node:stream';
import { ERR } from '../auth/errors.ts';

/** How long a refused connection keeps reading (and dropping) what its client still sends, before it is closed. */
export const DRAIN_MS = 5000;

/** What Node's HTTP parser passes to 'clientError' (see node:http, event 'clientError'). */
export type ParserError = Error & { code?: string; bytesParsed?: number; rawPacket?: Buffer };

/**
 * The status for a request Node's parser refused: 414 when the request line alone overflowed
 * `maxHeaderSize` (no line end before the overflow), 431 when the header block did, 408 for a
 * request that took too long, 400 for anything else malformed.
 */
export function clientErrorStatus(err: ParserError): { status: number; reason: string; msg: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const parsed = err.rawPacket && err.bytesParsed !== undefined ? err.rawPacket.subarray(0, err.bytesParsed) : undefined;
    if (parsed && parsed.length > 0 && !parsed.includes(0x0a)) return { status: 414, reason: 'URI Too Long', msg: 'request line too long' };
    return { status: 431, reason: 'Request Header Fields Too Large', msg: 'request header fields too large' };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', msg: 'request timeout' };
  return { status: 400, reason: 'Bad Request', msg: 'bad request' };
}

/**
 * http.Server 'clientError' handler: answers the refusal in Bybit's envelope, then reads and drops
 * whatever the client is still sending for up to DRAIN_MS before closing, so the client reads the
 * answer instead of a connection reset (closing a socket with unread input sends an RST, which
 * discards the answer at the other end). A socket that is already answered or gone is left alone.
 */
export function answerClientError(error: Error, socket: Duplex): void {
  const err = error as ParserError;
  if (err.code === 'ECONNRESET' || socket.destroyed) return void socket.destroy();
  // The parser may fail again on the rest of the same request: the first answer stands.
  if (!socket.writable) return;
  const { status, reason, msg } = clientErrorStatus(err);
  const body = JSON.stringify({ retCode: ERR.PARAM, retMsg: msg, result: {}, retExtInfo: {}, time: Date.now() });
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), DRAIN_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
