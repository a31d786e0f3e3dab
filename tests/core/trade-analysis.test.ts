// Trade analysis (core/trade-analysis.ts): fills and realised P&L summed per day and in total, exactly.
import { expect, test } from 'vitest';
import { analyseTrades } from '../../src/core/trade-analysis.ts';

const day = (t: number) => `d${Math.floor(t / 100)}`;

test('sums per day (newest first) and in total, fees per coin, realised from the closed P&L; bad rows are left out', () => {
  const r = analyseTrades(
    [
      { side: 'Buy', qty: '0.1', value: '9700.1', fee: '0.0001', feeCoin: 'BTC', time: 10 },
      { side: 'Buy', qty: '0.2', value: '19400.2', fee: '0.0002', feeCoin: 'BTC', time: 20 },
      { side: 'Sell', qty: '0.3', value: '29400.3', fee: '29.4003', feeCoin: 'USDT', time: 150 },
      { side: 'Sell', qty: 'x', value: '1', fee: '0', feeCoin: 'USDT', time: 160 },
    ],
    [{ time: 150, pnl: '-0.3' }, { time: 151, pnl: 'NaN' }],
    day,
  );
  expect(r.days.map((d) => d.day)).toEqual(['d1', 'd0']);
  expect(r.days[1]).toEqual({ day: 'd0', fills: 2, bought: '0.3', sold: '0', volume: '29100.3', fees: [['BTC', '0.0003']], realised: '0' });
  expect(r.days[0]).toEqual({ day: 'd1', fills: 1, bought: '0', sold: '0.3', volume: '29400.3', fees: [['USDT', '29.4003']], realised: '-0.3' });
  expect(r.total).toEqual({ day: 'total', fills: 3, bought: '0.3', sold: '0.3', volume: '58500.6', fees: [['BTC', '0.0003'], ['USDT', '29.4003']], realised: '-0.3' });
});
