// Socket lifecycle numbers of spec 9 "Websocket and network" and the close codes of spec 8.

export const PING_INTERVAL_MS = 15_000;
export const PING_TIMEOUT_MS = 3_000;
export const OPEN_TIMEOUT_MS = 10_000;
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 5_000;
/** Each delay is spread by ±50 % (then kept within 1–5 s) so that many tabs do not reconnect in step. */
export const RECONNECT_JITTER = 0.5;
/** A page hidden longer than this reconnects at once when shown again (spec 9 Timing). */
export const HIDDEN_RECONNECT_MS = 60_000;

/** Close codes we use for our own closes, and the ones abnormal browser closes map to (spec 8). */
export const CLOSE = {
  heartbeatRecovered: 4995,
  pingTimeout: 4996,
  openTimeout: 4997,
  openError: 4998,
  error: 4999,
  /** The browser's 1005 (no status) and 1006 (abnormal closure), as spec 8 maps them. */
  noStatus: 4005,
  abnormal: 4006,
} as const;

/** Maps a close event code to the code the page reports. */
export function reportedCloseCode(code: number): number {
  if (code === 1005) return CLOSE.noStatus;
  if (code === 1006) return CLOSE.abnormal;
  return code;
}

/**
 * The n-th reconnect delay (n from 0), spec 9 "reconnect delay 1 s to 5 s max with jitter 0.5":
 * doubling from 1 s, spread by ±50 %, and then kept between 1 s and 5 s, so that the jitter never
 * makes a delay shorter than 1 s or longer than 5 s.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
  const spread = base * RECONNECT_JITTER;
  const jittered = Math.round(base - spread + random() * 2 * spread);
  return Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_MIN_MS, jittered));
}
