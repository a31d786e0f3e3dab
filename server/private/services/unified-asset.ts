// GET /unified/spot/v5/asset/unified (spec 3 "Unified asset", 7.2): a unified account's coins for
// one symbol and side, with what spot margin adds. Classic accounts are refused (they have the
// classic balance call); limitPrice is checked but changes nothing here, as the amounts are coins.
import { fxDiv, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import type { UnifiedAssetWire } from '../../../src/protocol/unified-asset.ts';
import type { WalletWire } from '../../../src/protocol/bybit-v5/wallet.ts';
import type { MarginService } from '../engines/margin.ts';
import { marketOf } from '../market.ts';
import { marginTradingOf } from '../../exchange/symbols.ts';

const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

export function unifiedAsset(margin: MarginService, userId: number, q: URLSearchParams, wallet: (userId: number) => WalletWire): UnifiedAssetWire {
  margin.requireUnified(userId);
  const m = marketOf(q.get('symbolName') ?? '');
  if (!m) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const side = q.get('side') ?? 'Buy';
  if (side !== 'Buy' && side !== 'Sell') throw param('side must be Buy or Sell');
  const isMargin = q.get('isMargin') ?? '0';
  if (isMargin !== '0' && isMargin !== '1') throw param('isMargin must be 0 or 1');
  const lp = q.get('limitPrice');
  if (lp !== null && lp !== '' && !((parseAmount(lp) ?? 0n) > 0n)) throw param('limitPrice');
  const w = wallet(userId);
  // The coin the order spends: the quote coin on a buy, the base coin on a sell.
  const spends = side === 'Buy' ? m.quote : m.base;
  const coins = new Set([...w.coin.map((c) => c.coin), m.base, m.quote]);
  const coinList = [...coins].map((tokenId) => {
    const c = w.coin.find((x) => x.coin === tokenId);
    const free = parseAmount(c?.free ?? '0') ?? 0n;
    const extra = isMargin === '1' && tokenId === spends && marginTradingOf(m.def) !== 'none' ? margin.borrowable(userId, tokenId) : 0n;
    return {
      tokenId, walletBalance: c?.walletBalance ?? '0', spotAvailableBalance: fxPlain(free), spotMarginAvailableBalance: fxPlain(free + extra),
      borrowSize: c?.borrowAmount ?? '0', occAssetUSDTValue: fxPlain(fxMul(parseAmount(c?.walletBalance ?? '0') ?? 0n, margin.priceOf(tokenId))),
    };
  });
  const r = margin.risk(userId);
  const ratio = r.equity > 0n && r.debt > 0n ? fxDiv(r.assets, r.equity) : 10n ** 18n;
  return { symbolName: m.symbol, side, isMargin: isMargin === '1' ? 1 : 0, coinList, actualLeverageRatio: (Number(ratio / 10n ** 16n) / 100).toFixed(2) };
}
