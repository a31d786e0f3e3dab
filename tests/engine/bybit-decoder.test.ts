import { describe, expect, it } from 'vitest';
import { parseScale } from '../../src/core/decimal.ts';
import { BybitOrderbookDecoder, type OrderbookDropReason } from '../../src/protocol/bybit-v5/orderbook.ts';

const scales = { tick: parseScale('0.01')!, sizeDecimals: 6 };

function msg(over: Record<string, unknown> = {}, data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    topic: 'orderbook.50.BTCUSDT',
    ts: 1703430557696,
    type: 'snapshot',
    data: { s: 'BTCUSDT', b: [['43732.01', '0.049391'], ['43730', '0.1101']], a: [['43732.02', '1.5']], u: 5179079, seq: 19967460822, ...data },
    cts: 1703430557692,
    ...over,
  };
}

describe('Bybit orderbook decoder', () => {
  it('decodes a snapshot into ticks and scaled sizes in wire order', () => {
    const d = new BybitOrderbookDecoder(scales, 'BTCUSDT');
    const b = d.decode(JSON.stringify(msg()))!;
    expect(b).toMatchObject({ symbol: 'BTCUSDT', depth: 50, type: 'snapshot', u: 5179079, seq: 19967460822, cts: 1703430557692 });
    expect(Array.from(b.bids)).toEqual([4_373_201, 49_391, 4_373_000, 110_100]);
    expect(Array.from(b.asks)).toEqual([4_373_202, 1_500_000]);
    expect(d.totalDropped()).toBe(0);
  });

  it('accepts deltas with deletes, empty sides and any order', () => {
    const d = new BybitOrderbookDecoder(scales);
    const b = d.decode(msg({ type: 'delta' }, { b: [['43730', '0'], ['43732.01', '2']], a: [] }))!;
    expect(Array.from(b.bids)).toEqual([4_373_000, 0, 4_373_201, 2_000_000]);
    expect(b.asks).toHaveLength(0);
  });

  const cases: Array<[string, unknown, OrderbookDropReason]> = [
    ['broken JSON', '{"topic":"orderbook.50.BTCUSDT"', 'not-json'],
    ['a pong', { op: 'pong', args: ['1'] }, 'not-orderbook'],
    ['a trade', { topic: 'publicTrade.BTCUSDT', data: [] }, 'not-orderbook'],
    ['an unknown depth', msg({ topic: 'orderbook.25.BTCUSDT' }), 'bad-topic'],
    ['another symbol', msg({ topic: 'orderbook.50.ETHUSDT' }, { s: 'ETHUSDT' }), 'wrong-symbol'],
    ['a symbol mismatch in data', msg({}, { s: 'ETHUSDT' }), 'bad-data'],
    ['an unknown type', msg({ type: 'update' }), 'bad-type'],
    ['bids not an array', msg({}, { b: {} }), 'bad-data'],
    ['u as a string', msg({}, { u: '5' }), 'bad-ids'],
    ['u = 0', msg({}, { u: 0 }), 'bad-ids'],
    ['fractional seq', msg({}, { seq: 1.5 }), 'bad-ids'],
    ['missing ts', msg({ ts: undefined }), 'bad-ids'],
    ['a number price', msg({}, { b: [[43732.01, '1']] }), 'bad-level'],
    ['a three-element level', msg({}, { b: [['1', '1', '1']] }), 'bad-level'],
    ['a NaN price', msg({}, { b: [['NaN', '1']] }), 'bad-price'],
    ['a negative price', msg({}, { b: [['-1', '1']] }), 'bad-price'],
    ['an exponent price', msg({}, { b: [['4.3e4', '1']] }), 'bad-price'],
    ['a zero price', msg({}, { b: [['0', '1']] }), 'bad-price'],
    ['a huge price', msg({}, { b: [['99999999999999999999', '1']] }), 'bad-price'],
    ['a price off the tick', msg({}, { b: [['43732.015', '1']] }), 'off-tick'],
    ['a negative size', msg({}, { b: [['43732.01', '-1']] }), 'bad-size'],
    ['a size too precise', msg({}, { b: [['43732.01', '0.0000001']] }), 'bad-size'],
    ['a zero size in a snapshot', msg({}, { b: [['43732.01', '0']] }), 'bad-size'],
    ['an unsorted snapshot', msg({}, { b: [['43730', '1'], ['43732.01', '1']] }), 'unsorted'],
    ['a duplicate level in a snapshot', msg({}, { a: [['43740', '1'], ['43740', '2']] }), 'unsorted'],
    ['a crossed snapshot', msg({}, { a: [['43732.01', '1']] }), 'crossed'],
    ['more levels than the depth', msg({ topic: 'orderbook.1.BTCUSDT' }), 'too-many'],
  ];
  it.each(cases)('drops %s and counts the reason', (_name, input, reason) => {
    const d = new BybitOrderbookDecoder(scales, 'BTCUSDT');
    expect(d.decode(input)).toBeNull();
    expect(d.lastDrop).toBe(reason);
    expect(d.dropped[reason]).toBe(1);
    expect(d.totalDropped()).toBe(1);
  });
});
