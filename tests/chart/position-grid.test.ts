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
    expect(positionFromFills([buy(3000, '1'), sell(3100, '5')], 'ETH', 'USDT')).toEqual({ qty: 0n, cost: 0n, shortQty: 0n, shortValue: 0n });
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

// Fourth walkthrough: a leveraged sell beyond the free base, bought back, was neither a position nor realised P&L.
describe('a short: the borrowed part of a sell, bought back by later buys', () => {
  const short = (price: number, qty: string, borrowed: string): PositionFill => ({ ...sell(price, qty), borrowed });

  it("a sell's borrowed part opens a short at what it fetched; a buy closes it first and realises entry less cost", () => {
    const covers: Array<{ qty: string; entry: string; cost: string }> = [];
    const sells: string[] = [];
    const fold = (fills: PositionFill[]) =>
      positionFromFills(fills, 'ETH', 'USDT', (s) => sells.push(fxPlain(s.qty)), (c) => covers.push({ qty: fxPlain(c.qty), entry: fxPlain(c.entry), cost: fxPlain(c.cost) }));
    // 1 ETH held (bought at 3000), 3 sold at 3500 with 2 borrowed: the holding is closed, 2 are short at 3500.
    const p = fold([buy(3000, '1'), short(3500, '3', '2')]);
    expect(p).toEqual({ qty: 0n, cost: 0n, shortQty: 2n * 10n ** 18n, shortValue: 7000n * 10n ** 18n });
    expect(sells).toEqual(['1']);
    // Bought back 0.5 at 3000, then 2 at 3200: 0.5 and 1.5 closed (+250, +450); 0.5 left is a holding at 3200.
    const q = fold([buy(3000, '1'), short(3500, '3', '2'), buy(3000, '0.5'), buy(3200, '2')]);
    expect(covers.slice(-2)).toEqual([
      { qty: '0.5', entry: '1750', cost: '1500' },
      { qty: '1.5', entry: '5250', cost: '4800' },
    ]);
    expect([fxPlain(q.qty), fxPlain(q.cost), q.shortQty, q.shortValue]).toEqual(['0.5', '1600', 0n, 0n]);
  });

  it('a fee in the base coin makes buying back dearer per coin', () => {
    const covers: bigint[] = [];
    // 1 short at 2000; a buy of 1 at 1900 with 0.1 % in ETH receives 0.999: 0.999 closed (entry 1998) for all 1900 paid.
    const p = positionFromFills([short(2000, '1', '1'), buy(1900, '1', 0.001)], 'ETH', 'USDT', undefined, (c) => covers.push(c.entry - c.cost));
    expect(fxPlain(p.shortQty)).toBe('0.001');
    expect(covers.map(fxPlain)).toEqual(['98']);
  });

  // Property: whatever the sequence, what was realised plus what is still open adds up to the cash the fills moved.
  it('property: realised + open entry − open cost = proceeds − payments, over random sequences', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 200; run++) {
      const fills: PositionFill[] = [];
      let cash = 0n;
      for (let i = 0; i < 12; i++) {
        const price = 1000 + Math.floor(rand() * 1000);
        const qty = (1 + Math.floor(rand() * 50)) / 10;
        const f = rand() < 0.5 ? buy(price, String(qty)) : short(price, String(qty), String(Math.floor(rand() * qty * 10) / 10));
        fills.push(f);
        const v = BigInt(Math.round(price * qty * 1e8)) * 10n ** 10n;
        cash += f.side === 'Sell' ? v : -v;
      }
      let realised = 0n;
      let outside = 0n;
      const p = positionFromFills(fills, 'ETH', 'USDT', (s) => (realised += s.proceeds - s.cost), (c) => (realised += c.entry - c.cost));
      // Sells of coins the fills never bought (not borrowed, beyond the holding) bring cash from outside.
      let held = 0n;
      let shortQ = 0n;
      for (const f of fills) {
        const q = BigInt(Math.round(Number(f.qty) * 1e8)) * 10n ** 10n;
        const v = BigInt(Math.round(Number(f.value) * 1e8)) * 10n ** 10n;
        if (f.side === 'Buy') {
          const cover = q < shortQ ? q : shortQ;
          shortQ -= cover;
          held += q - cover;
        } else {
          const b = BigInt(Math.round(Number(f.borrowed ?? '0') * 1e8)) * 10n ** 10n;
          const own = q - b;
          const out = own < held ? own : held;
          held -= out;
          outside += ((own - out) * v) / q;
          shortQ += b;
        }
      }
      expect(p.shortQty).toBe(shortQ);
      expect(p.qty).toBe(held);
      // Rounding of integer division: a few units of 10^-18 per fill.
      const diff = realised + p.shortValue - p.cost - (cash - outside);
      expect(diff < 0n ? -diff : diff).toBeLessThan(1000n);
    }
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
    // A short (side Sell) says so; the chart's position line is the holding only.
    expect(decodePosition({ symbol: 'ETHUSDT', baseCoin: 'ETH', side: 'Sell', size: '0.2', avgPrice: '3500.00', positionValue: '700' })).toMatchObject({ short: true, size: '0.2' });
    const onlyShort = async () => ({ retCode: 0, retMsg: 'OK', result: { list: [{ symbol: 'SOLUSDT', baseCoin: 'SOL', side: 'Sell', size: '1', avgPrice: '100', positionValue: '100' }] } });
    expect(await fetchPosition('SOLUSDT', onlyShort)).toBeNull();
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
