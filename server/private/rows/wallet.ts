import { fxMul, fxPlain } from '../../../src/core/decimal.ts';
import type { Ledger } from './ledger.ts';
import { marketOf } from '../market.ts';
import type { WalletCoinWire, WalletWire } from '../../../src/protocol/bybit-v5/wallet.ts';
import type { EngineSource } from '../engines/trading.ts';
import type { MarginHooks } from '../engines/margin.ts';

const STABLE = new Set(['USDT', 'USDC']);

/** USD value of an amount from the simulated last price of COINUSDT (display only, exact decimals). */
function usdValue(coin: string, amt: bigint, engines: EngineSource): bigint {
  if (STABLE.has(coin)) return amt;
  const m = marketOf(`${coin}USDT`);
  const last = m ? engines(m.symbol)?.lastPriceTicks : undefined;
  return m && last !== undefined ? fxMul(amt, BigInt(last) * m.tick) : 0n;
}

/**
 * One account object of /v5/account/wallet-balance and the `wallet` topic, keys as in the real
 * samples. With spot margin, each coin carries its loan (borrowAmount = spotBorrow, the principal)
 * and unpaid interest, its equity is the balance less both, and the account carries its IM/MM
 * figures (margin-risk.ts).
 */
export function walletJson(ledger: Ledger, userId: number, engines: EngineSource, coins?: ReadonlySet<string>, margin?: MarginHooks): WalletWire {
  let total = 0n;
  let totalEquity = 0n;
  let totalAvail = 0n;
  const list: WalletCoinWire[] = [];
  const loans = new Map((margin?.liabilities(userId) ?? []).map((l) => [l.coin, l]));
  const usd = (coin: string, amt: bigint) => (margin ? fxMul(amt, margin.priceOf(coin)) : usdValue(coin, amt, engines));
  const rows = ledger.list(userId);
  for (const coin of loans.keys()) if (!rows.some((r) => r.coin === coin)) rows.push({ coin, available: 0n, locked: 0n });
  for (const b of rows) {
    const wallet = b.available + b.locked;
    const loan = loans.get(b.coin);
    const borrowed = loan?.amount ?? 0n;
    const interest = loan?.interest ?? 0n;
    if (coins ? !coins.has(b.coin) : wallet === 0n && !loan) continue;
    const equity = wallet - borrowed - interest;
    total += usd(b.coin, wallet);
    totalEquity += usd(b.coin, equity);
    totalAvail += usd(b.coin, b.available);
    list.push({
      coin: b.coin, equity: fxPlain(equity), usdValue: fxPlain(usd(b.coin, equity)), walletBalance: fxPlain(wallet),
      free: fxPlain(b.available), locked: fxPlain(b.locked), spotHedgingQty: '0', borrowAmount: fxPlain(borrowed), availableToWithdraw: fxPlain(b.available),
      availableToBorrow: '', accruedInterest: fxPlain(interest), totalOrderIM: '0', totalPositionIM: '0', totalPositionMM: '0', unrealisedPnl: '0',
      cumRealisedPnl: '0', bonus: '0', collateralSwitch: true, marginCollateral: true, spotBorrow: fxPlain(borrowed),
    });
  }
  const r = margin?.risk(userId);
  const rate = (v: bigint | undefined) => fxPlain(v ?? 0n);
  return {
    accountIMRate: rate(r?.imRate), accountIMRateByMp: rate(r?.imRate), accountMMRate: rate(r?.mmRate), accountMMRateByMp: rate(r?.mmRate),
    totalEquity: fxPlain(totalEquity), totalWalletBalance: fxPlain(total), totalMarginBalance: fxPlain(totalEquity),
    totalAvailableBalance: fxPlain(totalAvail), totalPerpUPL: '0', totalInitialMargin: rate(r?.im), totalInitialMarginByMp: rate(r?.im),
    totalMaintenanceMargin: rate(r?.mm), totalMaintenanceMarginByMp: rate(r?.mm), coin: list,
    accountLTV: r && r.assets > 0n ? fxPlain((r.debt * 10n ** 18n) / r.assets) : '0', accountType: 'UNIFIED',
  };
}
