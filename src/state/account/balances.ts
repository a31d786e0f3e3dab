// Balances per token (spec 3): loaded on log-in, replaced by each wallet push.
import type { TokenBalance } from '../../core/order-types.ts';
import type { TradingApi } from '../../api/trading.ts';
import { signal } from '../signals.ts';

export const balances = signal<ReadonlyMap<string, TokenBalance>>(new Map());

export function setBalances(list: readonly TokenBalance[]): void {
  balances.value = new Map(list.map((b) => [b.tokenId, b]));
}

/** Free amount of a token as a decimal string ('0' when none). */
export function freeOf(map: ReadonlyMap<string, TokenBalance>, token: string): string {
  return map.get(token)?.free ?? '0';
}

export async function loadBalances(api: TradingApi): Promise<void> {
  try {
    setBalances(await api.balances());
  } catch {
    // The wallet push or the next load fills it; the form shows 0 meanwhile, so nothing overspends.
  }
}

export function clearBalances(): void {
  balances.value = new Map();
}
