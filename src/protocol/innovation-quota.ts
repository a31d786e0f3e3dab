// The user's innovation quota (spec 3 "Innovation quota", 5.2): what remains to buy in the
// innovation and adventure zones. Bybit's v5 API has no such endpoint; the local exchange serves it
// in Bybit's envelope. A unified account reads {coin, limit}, a classic one {symbolId, totalAmount,
// remainAmount}; '-1' means no quota (unlimited).
export const INNOVATION_QUOTA_PATH = '/spot/api/innovation/quota';

export type InnovationQuotaWire = { coin: string; limit: string } | { symbolId: string; totalAmount: string; remainAmount: string };

/** The remaining quota an answer gives ('-1' unlimited, '--' unknown), or undefined when malformed. */
export function remainingOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as Record<string, unknown>;
  const v = 'limit' in r ? r.limit : r.remainAmount;
  return typeof v === 'string' && /^(-1|--|-|\d+(\.\d+)?)$/.test(v) ? v : undefined;
}
