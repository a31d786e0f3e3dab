// Spec 3's symbol fields and zone mark, from Bybit's instruments-info row (issue 34 item 5).
import { describe, expect, test } from 'vitest';
import { decodeInstrument } from '../../src/protocol/bybit-v5/instrument.ts';

const row = (o: Record<string, unknown> = {}) => ({
  symbol: 'PEPEUSDT', baseCoin: 'PEPE', quoteCoin: 'USDT', innovation: '0', status: 'Trading', marginTrading: 'none', symbolType: '',
  lotSizeFilter: { basePrecision: '1', quotePrecision: '0.00000001', minOrderQty: '1', maxOrderQty: '1000000', minOrderAmt: '1', maxOrderAmt: '100000' },
  priceFilter: { tickSize: '0.00000001' },
  ...o,
});

describe('instrument decoding (spec 3)', () => {
  test('symbol id and name, base and quote names come from symbol, baseCoin and quoteCoin', () => {
    expect(decodeInstrument(row())).toMatchObject({ symbolId: 'PEPEUSDT', symbolName: 'PEPEUSDT', baseTokenName: 'PEPE', quoteTokenName: 'USDT', mark: '' });
  });

  test("the mark is 'innovation' or 'adventure' and decides the zone", () => {
    expect(decodeInstrument(row({ innovation: '1' }))?.mark).toBe('innovation');
    expect(decodeInstrument(row({ symbolType: 'innovation' }))?.mark).toBe('innovation');
    expect(decodeInstrument(row({ symbolType: 'adventure' }))?.mark).toBe('adventure');
    expect(decodeInstrument(row({ symbolType: 'normal' }))?.mark).toBe('');
  });

  test('flags: tradeStatus from status, isBanBuy and isBanSell as the exchange lists them', () => {
    expect(decodeInstrument(row())).toMatchObject({ tradeStatus: 'Trading', isBanBuy: false, isBanSell: false });
    expect(decodeInstrument(row({ status: 'Closed', isBanBuy: true }))).toMatchObject({ tradeStatus: 'Closed', isBanBuy: true, isBanSell: false });
    expect(decodeInstrument(row({ isBanSell: true, isBanBuy: 'yes' }))).toMatchObject({ isBanBuy: false, isBanSell: true });
  });

  test('a row without its names is skipped', () => {
    expect(decodeInstrument(row({ baseCoin: undefined }))).toBeUndefined();
  });
});
