// The exchange's own abuse budgets (issue 30): what anyone can make it store or do without an
// account. Each is `max` per `windowMs`, counted per client address, per device or in total; the
// operator (and a test) sets them with `--limits name=max/window,…` (EXCHANGE_LIMITS), and with
// --faults /faults/rate-limit {path: name, max, windowMs} changes one while the exchange runs.

/** `max` requests per `windowMs` (a fixed window from the first request of the key). */
export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const NAMED_LIMITS = {
  /** Sign-ups (POST /register) per client address. */
  register: { max: 10, windowMs: HOUR },
  /** Sign-ups from everyone together. */
  'register-total': { max: 200, windowMs: DAY },
  /** Support tickets (POST /api/support/ticket) per client address, logged in or not. */
  ticket: { max: 10, windowMs: HOUR },
  /** Support tickets from everyone together. */
  'ticket-total': { max: 500, windowMs: DAY },
  /** Quality uploads per device: the page sends about 8 a minute (every 10 s and 30 s, plus socket reports). */
  quality: { max: 20, windowMs: MINUTE },
  /** Quality uploads per client address (several tabs and devices behind one address). */
  'quality-ip': { max: 120, windowMs: MINUTE },
  /** Webhook alerts per client address that fail before any account's budget: unknown URL, bad timestamp or signature. */
  'webhook-unsigned': { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof NAMED_LIMITS;

export const isLimitName = (s: string): s is LimitName => Object.hasOwn(NAMED_LIMITS, s);

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: MINUTE, h: HOUR, d: DAY };

/** A duration such as `500ms`, `30s`, `10m`, `1h`, `7d` (a bare number is milliseconds); throws on anything else. */
export function parseDuration(text: string, what: string): number {
  const m = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new Error(`bad ${what}: ${JSON.stringify(text)} (a duration such as 500ms, 30s, 10m, 1h or 7d)`);
  const ms = Number(m[1]) * UNIT_MS[m[2] ?? 'ms']!;
  if (ms < 1) throw new Error(`bad ${what}: ${JSON.stringify(text)} (must be at least 1 ms)`);
  return ms;
}

/** `--limits register=5/1h,ticket-total=100/1d`: the named budgets it changes. Throws naming the bad entry. */
export function parseLimits(text: string): Partial<Record<LimitName, Limit>> {
  const out: Partial<Record<LimitName, Limit>> = {};
  for (const entry of text.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const m = /^([a-z-]+)=(\d{1,9})\/(.+)$/.exec(entry);
    if (!m) throw new Error(`bad --limits entry ${JSON.stringify(entry)}: write name=max/window, such as register=10/1h`);
    const name = m[1]!;
    if (!isLimitName(name)) throw new Error(`bad --limits entry ${JSON.stringify(entry)}: no limit named ${name} (${Object.keys(NAMED_LIMITS).join(', ')})`);
    out[name] = { max: Number(m[2]), windowMs: parseDuration(m[3]!, `--limits window of ${name}`) };
  }
  return out;
}
