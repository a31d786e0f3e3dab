import { describe, expect, it } from 'vitest';
import { GRID_LIST_RUNNING, gridBotsAllowed, gridInnerPrices } from '../../src/core/chart/grid-bot.ts';
import { positionFromFills, spotPosition, type PositionFill } from '../../src/core/chart/position.ts';
import { fxPlain } from '../../src/core/decimal.ts';
import { decodeGridBot, fetchGridBots } from '../../src/api/grid-bots.ts';
import { decodePosition, fetchPosition } from '../../src/api/positions.ts';

// The exchange's fees: a buyer pays in the base coin, a seller in the quote coin.
const buy = (price: number, qty: string, feeRate = 0): PositionFill => {
  const q = Number(qty);
  return { side: 'Buy', qty, value: (price * q).toFixed(8), fee: (q * feeRate).toFixed(8), feeCoin: 'ETH' };
};
const sell = (price: number, qty: string, feeRate = 0): PositionFill => {
  const v = price * Number(qty);
  return { side: 'Sell', qty, value: v.toFixed(8), fee: (v * feeRate).toFixed(8), feeCoin: 'USDT' };
};

describe('average entry price from fills (position line)', () => {
  it('is total paid over coins received across buys', () => {
    // 1 ETH at 3000 and 3 ETH at 3400: (3000 + 10200) / 4 = 3300.
    const p = spotPosition([buy(3000, '1'), buy(3400, '3')], 'ETH', 'USDT', '24', 2);
    expect(p).toEqual({ size: '4', avgPrice: '3300.00', cost: '13200' });
  });

  it('a fee taken in the base coin raises the cost per coin held', () => {
    // 0.1 % of 2 ETH: 1.998 received for 6000 → 3003.003003… → 3003.00.
    const p = spotPosition([buy(3000, '2', 0.001)], 'ETH', 'USDT', '100', 2);
    expect(p.size).toBe('1.998');
    expect(p.avgPrice).toBe('3003.00');
  });

  it('a fee taken in the quote coin on a buy is part of the cost', () => {
    const fill: PositionFill = { side: 'Buy', qty: '1', value: '3000', fee: '3', feeCoin: 'USDT' };
    expect(spotPosition([fill], 'ETH', 'USDT', '1', 2).avgPrice).toBe('3003.00');
  });

  it('a sell takes coins out at the running average: the average stays, the size shrinks', () => {
    const p = spotPosition([buy(3000, '1'), buy(3400, '3'), sell(5000, '2', 0.001)], 'ETH', 'USDT', '22', 2);
    expect(p).toEqual({ size: '2', avgPrice: '3300.00', cost: '6600' });
  });

  it('selling everything (and more, from coins the fills never bought) leaves no position; a later buy starts afresh', () => {
    expect(positionFromFills([buy(3000, '1'), sell(3100, '5')], 'ETH', 'USDT')).toEqual({ qty: 0n, cost: 0n });
    const p = spotPosition([buy(3000, '1'), sell(3100, '5'), buy(2000, '0.5')], 'ETH', 'USDT', '16', 2);
    expect(p).toEqual({ size: '0.5', avgPrice: '2000.00', cost: '1000' });
  });

  it('is capped at what the wallet holds, at the same average', () => {
    const p = spotPosition([buy(3000, '1'), buy(3400, '3')], 'ETH', 'USDT', '1.5', 2);
    expect(p).toEqual({ size: '1.5', avgPrice: '3300.00', cost: '4950' });
    expect(spotPosition([buy(3000, '1')], 'ETH', 'USDT', '0', 2)).toEqual({ size: '0', avgPrice: null, cost: '0' });
  });

  it('no fills, or only malformed ones: no average price', () => {
    expect(spotPosition([], 'ETH', 'USDT', '20', 2).avgPrice).toBeNull();
    const bad: PositionFill = { side: 'Buy', qty: 'x', value: '1', fee: '0', feeCoin: 'ETH' };
    expect(spotPosition([bad, { ...bad, qty: '-1' }], 'ETH', 'USDT', '20', 2).avgPrice).toBeNull();
  });

  it('is exact: no binary rounding in the sums', () => {
    const fills = Array.from({ length: 10 }, () => ({ side: 'Buy', qty: '0.1', value: '0.3', fee: '0', feeCoin: 'ETH' }) as PositionFill);
    const { qty, cost } = positionFromFills(fills, 'ETH', 'USDT');
    expect([fxPlain(qty), fxPlain(cost)]).toEqual(['1', '3']);
    expect(spotPosition(fills, 'ETH', 'USDT', '5', 8).avgPrice).toBe('3.00000000');
  });
});

describe('grid-bot lines', () => {
  it("'grade' splits the range into equal price steps: grid_number − 1 inner lines", () => {
    const lines = gridInnerPrices(90000, 102000, 12, 'grade');
    expect(lines).toHaveLength(11);
    lines.forEach((p, i) => expect(p).toBeCloseTo(90000 + 1000 * (i + 1), 6));
  });

  it('otherwise the steps are equal ratios (geometric)', () => {
    const lines = gridInnerPrices(100, 1600, 4, 'other');
    expect(lines).toHaveLength(3);
    [200, 400, 800].forEach((p, i) => expect(lines[i]).toBeCloseTo(p, 8));
    // Geometric lines sit lower than arithmetic ones over the same range.
    const arith = gridInnerPrices(100, 1600, 4, 'grade');
    lines.forEach((p, i) => expect(p).toBeLessThan(arith[i]!));
  });

  it('a malformed range gives no lines', () => {
    expect(gridInnerPrices(100, 100, 4, 'grade')).toEqual([]);
    expect(gridInnerPrices(0, 100, 4, 'other')).toEqual([]);
    expect(gridInnerPrices(200, 100, 4, 'grade')).toEqual([]);
    expect(gridInnerPrices(100, 200, 1.5, 'grade')).toEqual([]);
    expect(gridInnerPrices(100, 200, 1, 'grade')).toEqual([]);
  });

  it('are hidden for demo accounts and copy-trading leaders\' sub-accounts (spec 5.13)', () => {
    expect(gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: false, isSubAccount: false })).toBe(true);
    expect(gridBotsAllowed({ isDemoAccount: true, isCopyTradingLeader: false, isSubAccount: false })).toBe(false);
    // A leader's main account keeps them; a plain sub-account too; a leader's sub-account does not.
    expect(gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: true, isSubAccount: false })).toBe(true);
    expect(gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: false, isSubAccount: true })).toBe(true);
    expect(gridBotsAllowed({ isDemoAccount: false, isCopyTradingLeader: true, isSubAccount: true })).toBe(false);
  });
});

describe('the page reads positions and grid bots', () => {
  const ok = (result: unknown) => ({ retCode: 0, retMsg: 'OK', result });

  it('asks queryPositions for the pair and keeps only a well-formed position of it', async () => {
    const calls: Array<[string, unknown]> = [];
    const post = async (url: string, body: unknown) => {
      calls.push([url, body]);
      return ok({ list: [{ symbol: 'BTCUSDT', baseCoin: 'BTC', size: '1', avgPrice: '90000.00' }, { symbol: 'ETHUSDT', baseCoin: 'ETH', size: '0.5', avgPrice: '3300.00', positionValue: '1650.0025' }] });
    };
    expect(await fetchPosition('ETHUSDT', post)).toEqual({ symbolId: 'ETHUSDT', baseCoin: 'ETH', size: '0.5', avgPrice: '3300.00', cost: '1650.0025' });
    expect(calls).toEqual([['/unified/integrated/v5/queryPositions', { needSort: 0, symbol: 'ETHUSDT' }]]);
    expect(await fetchPosition('SOLUSDT', post)).toBeNull();
    expect(decodePosition({ symbol: 'ETHUSDT', baseCoin: 'ETH', size: '1e3', avgPrice: '1' })).toBeNull();
    await expect(fetchPosition('ETHUSDT', async () => ({ retCode: 10003, retMsg: 'Not logged in', result: {} }))).rejects.toThrow('Not logged in');
  });

  it('polls the running list of one pair and drops malformed bots', async () => {
    const urls: string[] = [];
    const get = async (url: string) => {
      urls.push(url);
      return ok({
        list: [
          { bot_id: 'a', symbol: 'BTCUSDT', min_price: '91180.00', max_price: '102820.00', grid_number: 12, type: 'grade', status: 2, support: true },
          { bot_id: 'b', symbol: 'BTCUSDT', min_price: 'low', max_price: '1', grid_number: 3, type: 'grade', status: 2 },
        ],
        total: 2,
      });
    };
    const bots = await fetchGridBots(GRID_LIST_RUNNING, 'BTCUSDT', get);
    expect(urls).toEqual(['/api/grid-bot/list?status=2&symbol=BTCUSDT']);
    expect(bots).toMatchObject([{ botId: 'a', symbolId: 'BTCUSDT', minPrice: '91180.00', maxPrice: '102820.00', gridNumber: 12, type: 'grade', status: 2, support: true }]);
    expect(decodeGridBot({ bot_id: 'c', symbol: 'X', min_price: '1', max_price: '2', grid_number: 4, type: 'geometric', status: 3 })?.type).toBe('other');
  });
});
