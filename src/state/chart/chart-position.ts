// The position line (spec 3 "Chart overlay kinds": position): the user's holding of the pair's base
// coin at its average entry price, read from the exchange's positions and re-read after each fill
// (a fill moves the wallet, and the private stream pushes the wallet). The spec's display flags
// have no flag for it: it shows whenever the chart's overlays are on.
import { formatQuantity } from '../../core/format.ts';
import { isDustSize } from '../../core/positions.ts';
import { fx } from '../../core/decimal.ts';
import { fetchPosition } from '../../api/positions.ts';
import type { Position } from '../../core/positions.ts';
import { activeSymbol } from '../market/active-market.ts';
import { balances } from '../account/balances.ts';
import { overlaysStarted } from './chart-overlays.ts';
import { computed, effect, signal } from '../signals.ts';
import { isLoggedIn, user } from '../account/user.ts';

/** The exchange's position of the active pair, or null. */
export const chartPosition = signal<Position | null>(null);

export interface PositionLine {
  /** Average entry price (the exchange rounds it to the symbol's price precision). */
  price: string;
  /** Held quantity with the symbol's quantity precision. */
  qty: string;
  base: string;
}

export const positionLine = computed<PositionLine | null>(() => {
  const sym = activeSymbol.value;
  const p = chartPosition.value;
  if (!isLoggedIn.value || !overlaysStarted.value || !sym || !p || p.symbolId !== sym.symbolId) return null;
  if ((fx(p.size) ?? 0n) <= 0n || (fx(p.avgPrice) ?? 0n) <= 0n) return null;
  if (isDustSize(p.size, sym.quantityPrecision)) return null;
  return { price: p.avgPrice, qty: formatQuantity(p.size, sym.quantityPrecision), base: sym.baseTokenName };
});

/** Fills of one order arrive as a burst of wallet pushes: one read after the burst. */
export const POSITION_REFETCH_MS = 250;

/** Loads the position while the overlays are on; returns the stop function. */
export function startPositionLoader(): () => void {
  let seq = 0;
  let key = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = effect(() => {
    const sym = activeSymbol.value;
    const on = overlaysStarted.value && isLoggedIn.value;
    const who = user.value.id ?? '';
    // Read so that every wallet change of the base coin re-reads the position.
    const held = sym ? balances.value.get(sym.baseTokenName)?.total : undefined;
    void held;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const next = on && sym ? `${who}/${sym.symbolId}` : '';
    if (next !== key) {
      key = next;
      seq++;
      chartPosition.value = null;
    }
    if (!on || !sym) return;
    const symbolId = sym.symbolId;
    timer = setTimeout(() => {
      timer = null;
      const mySeq = ++seq;
      fetchPosition(symbolId)
        .then((p) => {
          if (mySeq === seq) chartPosition.value = p;
        })
        .catch(() => {
          // Keep the last known line: the next fill or reload reads it again.
        });
    }, chartPosition.peek() === null ? 0 : POSITION_REFETCH_MS);
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    seq++;
    stop();
    chartPosition.value = null;
  };
}
