import { fxMul, fxPlain } from '../../src/core/decimal.ts';
import type { Ledger } from './ledger.ts';
import { marketOf } from './market.ts';
import type { WalletCoinWire, WalletWire } from '../../src/protocol/bybit-v5/wallet.ts';
import type { EngineSource } from './trading.ts';

const STABLE = new Set(['USDT', 'USDC']);

/** USD value of an amount from the simulated last price of COINUSDT (display only, exact decimals). */
function usdValue(coin: string, amt: bigint, engines: EngineSource): bigint {
  if (STABLE.has(coin)) return amt;
  const m = marketOf(`${coin}USDT`);
  const last = m ? engines(m.symbol)?.lastPriceTicks : undefined;
  return m && last !== undefined ? fxMul(amt, BigInt(last) * m.tick) : 0n;
}

/** One account object of /v5/account/wallet-balance and the `wallet` topic, keys as in the real samples. */
export function walletJson(ledger: Ledger, userId: number, engines: EngineSource, coins?: ReadonlySet<string>): WalletWire {
  let total = 0n;
  let totalAvail = 0n;
  const list: WalletCoinWire[] = [];
  for (const b of ledger.list(userId)) {
    const wallet = b.available + b.locked;
    if (coins ? !coins.has(b.coin) : wallet === 0n) continue;
    const usd = usdValue(b.coin, wallet, engines);
    total += usd;
    totalAvail += usdValue(b.coin, b.available, engines);
    list.push({
      coin: b.coin, equity: fxPlain(wallet), usdValue: fxPlain(usd), walletBalance: fxPlain(wallet),
      free: fxPlain(b.available), locked: fxPlain(b.locked), spotHedgingQty: '0', borrowAmount: '0', availableToWithdraw: fxPlain(b.available),
      availableToBorrow: '', accruedInterest: '0', totalOrderIM: '0', totalPositionIM: '0', totalPositionMM: '0', unrealisedPnl: '0',
      cumRealisedPnl: '0', bonus: '0', collateralSwitch: true, marginCollateral: true, spotBorrow: '0',
    });
  }
  return {
    accountIMRate: '0', accountIMRateByMp: '0', accountMMRate: '0', accountMMRateByMp: '0',
    totalEquity: fxPlain(total), totalWalletBalance: fxPlain(total), totalMarginBalance: fxPlain(total),
    totalAvailableBalance: fxPlain(totalAvail), totalPerpUPL: '0', totalInitialMargin: '0', totalInitialMarginByMp: '0',
    totalMaintenanceMargin: '0', totalMaintenanceMarginByMp: '0', coin: list, accountLTV: '0', accountType: 'UNIFIED',
  };
}
