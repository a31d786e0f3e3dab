import { describe, expect, it } from 'vitest';
import { MatchingEngine } from '../../server/exchange/matching/engine.ts';
import { OrderFlow } from '../../server/exchange/sim/order-flow.ts';
import { Rng } from '../../server/exchange/sim/rng.ts';

describe('simulated order flow', () => {
  it('trades no further than 1 % from the fair price, however thin the book: a far bid stays whole', () => {
    // A thin bid side: one lot at 10,000 ticks, then a trader's bid 10 % lower.
    const engine = new MatchingEngine({ symbol: 'TEST' });
    engine.submit({ type: 'Limit', side: 'Buy', priceTicks: 10_000, qtyLots: 1, timeInForce: 'GTC' });
    const far = engine.submit({ type: 'Limit', side: 'Buy', priceTicks: 9_000, qtyLots: 5, timeInForce: 'GTC' });
    engine.submit({ type: 'Limit', side: 'Sell', priceTicks: 10_001, qtyLots: 1, timeInForce: 'GTC' });
    const flow = new OrderFlow(engine, { eventsPerSecond: 1, medianLots: 1000, restingPerSide: 0, meanDistance: 0.001 }, new Rng(7), 0.01);
    // A selling burst: the flow's market sell is far larger than the whole bid side.
    const internals = flow as unknown as { burstSide: 'Buy' | 'Sell'; marketOrder(fair: number, burst: boolean): void };
    internals.burstSide = 'Sell';
    internals.marketOrder(100, true);
    // A second sell finds the far bid best: 5 % from it is allowed by the exchange, not by the band.
    internals.marketOrder(100, true);
    // The best bid traded; the far bid is still resting, whole.
    expect(engine.bestBid()).toBe(9_000);
    expect(engine.getOrder(far.order.orderId)?.leavesLots).toBe(5);
  });
});
