// Spec 7.2 "Get unified asset" (server: server/private/unified-asset.ts), through the session.
import { DECIMAL_RE, fx, fxPlain } from '../core/decimal.ts';
import type { Side, TokenBalance } from '../core/order-types.ts';
import { UNIFIED_ASSET_PATH } from '../protocol/unified-asset.ts';
import { isRecord, requestJson, v5Result } from './http.ts';

export interface UnifiedAssetQuery {
  symbolName: string;
  side: Side;
  isMargin: boolean;
  /** A limit order's price, when the form has one. */
  limitPrice?: string;
}

export interface UnifiedAsset {
  /**
   * The coins as the page's balances (free: spotAvailableBalance; total: walletBalance). The
   * page reads only these: its margin figures come from the account info, which follows each push.
   */
  balances: TokenBalance[];
}

const dec = (v: unknown): string | null => (typeof v === 'string' && DECIMAL_RE.test(v) ? v : null);

export async function fetchUnifiedAsset(q: UnifiedAssetQuery, signal?: AbortSignal): Promise<UnifiedAsset> {
  const params = new URLSearchParams({ symbolName: q.symbolName, side: q.side, isMargin: q.isMargin ? '1' : '0' });
  if (q.limitPrice && DECIMAL_RE.test(q.limitPrice) && Number(q.limitPrice) > 0) params.set('limitPrice', q.limitPrice);
  const r = v5Result(await requestJson(`${UNIFIED_ASSET_PATH}?${params}`, { signal }));
  const balances: TokenBalance[] = [];
  for (const c of Array.isArray(r.coinList) ? r.coinList : []) {
    if (!isRecord(c) || typeof c.tokenId !== 'string') continue;
    const free = dec(c.spotAvailableBalance);
    const total = dec(c.walletBalance);
    // A row without its two amounts says nothing the page could show.
    if (free === null || total === null) continue;
    // This exchange's wallet is what is free plus what open orders hold, so the rest is held.
    const held = (fx(total) ?? 0n) - (fx(free) ?? 0n);
    balances.push({ tokenId: c.tokenId, free, total, locked: held > 0n ? fxPlain(held) : '0', borrowed: dec(c.borrowSize) ?? '0' });
  }
  return { balances };
}
