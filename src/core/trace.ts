/**
 * A per-request trace header (spec 7.4: "a trace header is sent" on cancel): W3C Trace Context's
 * `traceparent`, version 00, a random 16-byte trace id and 8-byte parent id, sampled. The local
 * exchange answers with the trace id in Bybit's `Traceid` response header, so a cancel can be
 * followed from the page to the exchange's log.
 */
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function randomHex(n: number): string {
  const b = new Uint8Array(n);
  do crypto.getRandomValues(b);
  while (b.every((x) => x === 0)); // an all-zero id is invalid in W3C trace context
  return hex(b);
}

export const TRACEPARENT_RE = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

export function traceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

/** The trace id of a `traceparent` header, or null when it is not one. */
export function traceIdOf(header: string | undefined): string | null {
  const m = header ? TRACEPARENT_RE.exec(header.trim()) : null;
  return m && !/^0+$/.test(m[1]!) && !/^0+$/.test(m[2]!) ? m[1]! : null;
}
