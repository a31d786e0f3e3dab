// A leveraged token's market (spec 2.3, 5.10, 5.11): its rules (info) and its live state (the
// reference answer, then every NAV push on lt.{symbol}), kept per token while some view shows it
// (the detail page, the trading page's subscription panel) and shared by them.
import { fetchLtInfo, fetchLtReference, followLtNav, type LtInfo, type LtState } from '../../api/lever-tokens.ts';
import { signal } from '../signals.ts';

export type { LtInfo, LtState } from '../../api/lever-tokens.ts';

export interface LtMarket {
  info: LtInfo | null;
  state: LtState | null;
  /** The info or the reference could not be read. */
  error: boolean;
}

const NONE: LtMarket = { info: null, state: null, error: false };
const markets = signal<ReadonlyMap<string, LtMarket>>(new Map());
const followed = new Map<string, { readers: number; stop: () => void }>();

function patch(ltCoin: string, change: (m: LtMarket) => LtMarket): void {
  const m = markets.peek().get(ltCoin);
  // A token nobody shows any more keeps nothing.
  if (!m || !followed.has(ltCoin)) return;
  markets.value = new Map(markets.peek()).set(ltCoin, change(m));
}

/** Reads the token's rules and follows its NAV while the caller holds it; returns the release. */
export function watchLtMarket(ltCoin: string): () => void {
  const held = followed.get(ltCoin);
  if (held) held.readers++;
  else {
    markets.value = new Map(markets.peek()).set(ltCoin, NONE);
    const entry: { readers: number; stop: () => void } = { readers: 1, stop: () => undefined };
    followed.set(ltCoin, entry);
    fetchLtInfo(ltCoin).then((info) => patch(ltCoin, (m) => ({ ...m, info })), () => patch(ltCoin, (m) => ({ ...m, error: true })));
    // The reference answer only until a push is in: a push is newer.
    fetchLtReference(ltCoin).then((s) => patch(ltCoin, (m) => (m.state ? m : { ...m, state: s })), () => patch(ltCoin, (m) => ({ ...m, error: true })));
    entry.stop = followLtNav(ltCoin, (state) => patch(ltCoin, (m) => ({ ...m, state })));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const e = followed.get(ltCoin);
    if (!e || --e.readers > 0) return;
    e.stop();
    followed.delete(ltCoin);
    const next = new Map(markets.peek());
    next.delete(ltCoin);
    markets.value = next;
  };
}

/** The token's rules and live state as known now (nothing while nobody holds it). */
export function ltMarket(ltCoin: string): LtMarket {
  return markets.value.get(ltCoin) ?? NONE;
}
