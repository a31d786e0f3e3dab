import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchingEngine, type OrderInput } from '../../server/exchange/matching/engine.ts';

const side = fc.constantFrom('Buy' as const, 'Sell' as const);
const op = fc.oneof(
  fc.record({ type: fc.constant('Limit' as const), side, priceTicks: fc.integer({ min: 90, max: 110 }), qtyLots: fc.integer({ min: 1, max: 20 }), timeInForce: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const, 'PostOnly' as const) }),
  fc.record({ type: fc.constant('Market' as const), side, qtyLots: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ type: fc.constant('Market' as const), side, quoteUnits: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ type: fc.constant('Cancel' as const), pick: fc.nat() }),
);

describe('matching engine properties', () => {
  it('never crosses and conserves base and quote between makers and takers', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const e = new MatchingEngine({ symbol: 'P' });
        const resting: string[] = [];
        let takerBase = 0;
        let takerQuote = 0;
        const makerBase = new Map<string, number>();
        const makerQuote = new Map<string, number>();
        let submittedLots = 0;
        let cancelledLots = 0;
        for (const o of ops) {
          if (o.type === 'Cancel') {
            if (resting.length === 0) continue;
            const id = resting[o.pick % resting.length]!;
            const v = e.cancel(id);
            if (v) cancelledLots += v.qtyLots - v.filledLots;
            continue;
          }
          const r = e.submit(o as OrderInput);
          if (o.type === 'Limit') submittedLots += o.qtyLots;
          for (const f of r.fills) {
            expect(f.quoteUnits).toBe(f.priceTicks * f.qtyLots);
            takerBase += f.qtyLots;
            takerQuote += f.quoteUnits;
            makerBase.set(f.makerOrderId, (makerBase.get(f.makerOrderId) ?? 0) + f.qtyLots);
            makerQuote.set(f.makerOrderId, (makerQuote.get(f.makerOrderId) ?? 0) + f.quoteUnits);
          }
          if (o.type === 'Limit') {
            expect(r.order.filledLots).toBe(r.fills.reduce((s, f) => s + f.qtyLots, 0));
            if (r.order.status === 'New' || r.order.status === 'PartiallyFilled') resting.push(r.order.orderId);
          }
          if (o.type === 'Market' && 'quoteUnits' in o) expect(r.order.filledQuoteUnits).toBeLessThanOrEqual(o.quoteUnits);
          const bid = e.bestBid();
          const ask = e.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
        const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
        // What takers received, makers gave (base), and what takers paid, makers got (quote).
        expect(sum(makerBase)).toBe(takerBase);
        expect(sum(makerQuote)).toBe(takerQuote);
        // Lots of limit orders are either resting, traded (as maker or taker), cancelled or expired (IOC/FOK/PostOnly).
        const restingLots = [...e.depth(1e9).bids, ...e.depth(1e9).asks].reduce((s, l) => s + l.totalLots, 0);
        expect(restingLots + cancelledLots).toBeLessThanOrEqual(submittedLots);
      }),
      { numRuns: 200 },
    );
  });
});
