import type { SpotTickerData } from '../../../src/protocol/bybit-v5/ticker.ts';
import type { Market } from '../sim/market.ts';
import type { Markets } from '../sim/markets.ts';

/** 24 h ticker fields of a market as Bybit spot sends them (strings); shared by REST and WS. */
export type TickerFields = SpotTickerData;

export function tickerFields(m: Market, markets: Markets, now: number): TickerFields {
  const s = m.stats.read(now);
  const last = m.lastTicks();
  const zero = '0';
  const pcnt = s && last !== undefined && s.prevPriceTicks > 0 ? percent(last, s.prevPriceTicks) : zero;
  const out: TickerFields = {
    symbol: m.def.symbol,
    lastPrice: last !== undefined ? m.price(last) : zero,
    highPrice24h: s ? m.price(s.highTicks) : zero,
    lowPrice24h: s ? m.price(s.lowTicks) : zero,
    prevPrice24h: s ? m.price(s.prevPriceTicks) : zero,
    volume24h: s ? m.qty(s.volumeLots) : zero,
    turnover24h: s ? m.quote(s.turnoverUnits) : zero,
    price24hPcnt: pcnt,
    usdIndexPrice: m.isOpen(now) ? m.indexString(usdIndex(m, markets)) : '',
  };
  if (m.nav !== undefined && m.def.leveragedToken) {
    out.nav = m.indexString(m.nav);
    out.navTime = String(m.navTs);
    const lt = markets.leveragedTokens.get(m.def.base)?.token;
    out.leverage = lt ? lt.leverage().toFixed(4) : String(m.def.leveragedToken.leverage);
  }
  return out;
}

/** Bybit's usdIndexPrice is the base coin's USD index: for ETHBTC that is ETH's, not the pair's. */
function usdIndex(m: Market, markets: Markets): number {
  const usdt = markets.bySymbol.get(`${m.def.base}USDT`);
  if (usdt) return usdt.fair;
  const quoteUsd = markets.bySymbol.get(`${m.def.quote}USDT`)?.fair ?? 1;
  return m.fair * quoteUsd;
}

/** (last - prev) / prev rounded to 4 decimals, in integer arithmetic. */
function percent(last: number, prev: number): string {
  const scaled = Math.round(((last - prev) * 10_000) / prev);
  const neg = scaled < 0;
  const abs = String(Math.abs(scaled)).padStart(5, '0');
  const text = `${abs.slice(0, -4)}.${abs.slice(-4)}`.replace(/\.?0+$/, '') || '0';
  return neg && text !== '0' ? `-${text}` : text;
}
