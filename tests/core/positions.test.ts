// Positions' value and unrealised P&L (core/positions.ts): exact decimal arithmetic, never floats.
import { describe, expect, it } from 'vitest';
import { markValue, pnlByCoin, unrealisedPnl, type Position } from '../../src/core/positions.ts';

describe('positions at a live price', () => {
  it('value and P&L are exact where binary floats are not', () => {
    // 0.1 × 3 and 0.3 − 0.1 are 0.30000000000000004 and 0.19999999999999998 in floats.
    expect(markValue('0.1', '3')).toBe('0.3');
    expect(unrealisedPnl('0.3', '0.1', '1')).toBe('0.2');
    expect(unrealisedPnl('90000.5', '91000.25', '0.0001')).toBe('-0.099975');
    expect(unrealisedPnl('1', 'x', '1')).toBeNull();
    expect(markValue('1', '')).toBeNull();
  });

  it('counts from the exact cost where the exchange gives it, not the rounded average price', () => {
    // Fourth walkthrough: 70.87 SOL that cost 13495.7952 (average 190.4303, shown 190.43), last 190.26.
    expect(unrealisedPnl('190.26', '190.43', '70.87', '13495.7952')).toBe('-12.069');
    expect(unrealisedPnl('190.26', '190.43', '70.87')).toBe('-12.0479');
    expect(unrealisedPnl('190.26', '190.43', '70.87', null)).toBe('-12.0479');
  });

  it('a short gains as the price falls: what its sale fetched less buying it back now', () => {
    // 0.2 BTC sold short for 6000 USDT (average 30000); at 28000 buying back costs 5600.
    expect(unrealisedPnl('28000', '30000.00', '0.2', '6000', true)).toBe('400');
    expect(unrealisedPnl('31000', '30000.00', '0.2', '6000', true)).toBe('-200');
    expect(unrealisedPnl('28000', '30000', '0.2', null, true)).toBe('400');
    expect(pnlByCoin([{ symbolId: 'BTCUSDT', baseCoin: 'BTC', size: '0.2', avgPrice: '30000', cost: '6000', short: true }], () => '29000', () => 'USDT')).toEqual([['USDT', '200']]);
  });

  it('sums per quote coin (the coin the P&L is in), in the order the positions come', () => {
    const p = (symbolId: string, baseCoin: string, size: string, avgPrice: string): Position => ({ symbolId, baseCoin, size, avgPrice });
    const last: Record<string, string> = { BTCUSDT: '100', BTCUSDC: '90', ETHUSDT: '10' };
    const quote: Record<string, string> = { BTCUSDT: 'USDT', BTCUSDC: 'USDC', ETHUSDT: 'USDT' };
    // BTC/USDT +0.5 USDT and ETH/USDT −2 USDT are −1.5 USDT; BTC/USDC −0.3 USDC stays apart.
    expect(pnlByCoin([p('BTCUSDT', 'BTC', '0.1', '95'), p('ETHUSDT', 'ETH', '2', '11'), p('BTCUSDC', 'BTC', '0.2', '91.5')], (x) => last[x.symbolId]!, (x) => quote[x.symbolId]!)).toEqual([
      ['USDT', '-1.5'],
      ['USDC', '-0.3'],
    ]);
  });
});
