import { describe, expect, it } from 'vitest';
import { MatchingEngine, type OrderEvent } from '../../server/exchange/matching/engine.ts';

const mk = () => new MatchingEngine({ symbol: 'TEST', now: () => 1000 });

describe('matching engine', () => {
  it('matches by price then time, makers at their own price', () => {
    const e = mk();
    const a = e.submit({ type: 'Limit', side: 'Sell', priceTicks: 101, qtyLots: 5, timeInForce: 'GTC' });
    const b = e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 5, timeInForce: 'GTC' });
    const c = e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 5, timeInForce: 'GTC' });
    const r = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 102, qtyLots: 12, timeInForce: 'GTC' });
    expect(r.fills.map((f) => [f.makerOrderId, f.priceTicks, f.qtyLots])).toEqual([
      [b.order.orderId, 100, 5],
      [c.order.orderId, 100, 5],
      [a.order.orderId, 101, 2],
    ]);
    expect(r.order.status).toBe('Filled');
    expect(r.order.filledQuoteUnits).toBe(100 * 10 + 101 * 2);
    expect(e.getOrder(a.order.orderId)?.leavesLots).toBe(3);
    expect(e.bestAsk()).toBe(101);
  });

  it('rests the remainder of a partially filled GTC order', () => {
    const e = mk();
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 3, timeInForce: 'GTC' });
    const r = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 100, qtyLots: 10, timeInForce: 'GTC' });
    expect(r.order.status).toBe('PartiallyFilled');
    expect(r.order.leavesLots).toBe(7);
    expect(e.depth(5).bids).toEqual([{ priceTicks: 100, totalLots: 7 }]);
    expect(e.depth(5).asks).toEqual([]);
  });

  it('cancels the IOC remainder and never rests it', () => {
    const e = mk();
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 3, timeInForce: 'GTC' });
    const r = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 100, qtyLots: 10, timeInForce: 'IOC' });
    expect(r.order.status).toBe('PartiallyFilledCanceled');
    expect(r.order.filledLots).toBe(3);
    expect(e.bestBid()).toBeUndefined();
  });

  it('fills FOK completely or not at all', () => {
    const e = mk();
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 3, timeInForce: 'GTC' });
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 105, qtyLots: 3, timeInForce: 'GTC' });
    const no = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 104, qtyLots: 4, timeInForce: 'FOK' });
    expect(no.order.status).toBe('Cancelled');
    expect(no.order.rejectReason).toBe('EC_FOKCanNotFullyFilled');
    expect(no.fills).toHaveLength(0);
    expect(e.depth(5).asks[0]).toEqual({ priceTicks: 100, totalLots: 3 });
    const yes = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 105, qtyLots: 4, timeInForce: 'FOK' });
    expect(yes.order.status).toBe('Filled');
    expect(yes.fills.map((f) => f.qtyLots)).toEqual([3, 1]);
  });

  it('rejects a PostOnly order that would take liquidity, rests one that would not', () => {
    const e = mk();
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 3, timeInForce: 'GTC' });
    const taking = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 100, qtyLots: 1, timeInForce: 'PostOnly' });
    expect(taking.order.status).toBe('Cancelled');
    expect(taking.order.rejectReason).toBe('EC_PostOnlyWillTakeLiquidity');
    const resting = e.submit({ type: 'Limit', side: 'Buy', priceTicks: 99, qtyLots: 1, timeInForce: 'PostOnly' });
    expect(resting.order.status).toBe('New');
    expect(e.bestBid()).toBe(99);
  });

  it('spends a market order by quote amount without exceeding it', () => {
    const e = mk();
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 2, timeInForce: 'GTC' });
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 110, qtyLots: 10, timeInForce: 'GTC' });
    const r = e.submit({ type: 'Market', side: 'Buy', quoteUnits: 550 });
    // 2 lots at 100 = 200; 350 left buys 3 lots at 110 = 330; 20 is not enough for another lot.
    expect(r.fills.map((f) => [f.priceTicks, f.qtyLots])).toEqual([
      [100, 2],
      [110, 3],
    ]);
    expect(r.order.filledQuoteUnits).toBe(530);
    expect(r.order.status).toBe('PartiallyFilledCanceled');
  });

  it('fills a market order by base quantity across levels and respects price protection', () => {
    const e = mk();
    e.submit({ type: 'Limit', side: 'Buy', priceTicks: 100, qtyLots: 2, timeInForce: 'GTC' });
    e.submit({ type: 'Limit', side: 'Buy', priceTicks: 90, qtyLots: 2, timeInForce: 'GTC' });
    const r = e.submit({ type: 'Market', side: 'Sell', qtyLots: 4, protectionTicks: 95 });
    expect(r.order.filledLots).toBe(2);
    expect(e.bestBid()).toBe(90);
    const r2 = e.submit({ type: 'Market', side: 'Sell', qtyLots: 2 });
    expect(r2.order.status).toBe('Filled');
  });

  it('calls back owners with maker/taker fills, client ids and amounts', () => {
    const e = mk();
    const events: OrderEvent[] = [];
    e.addListener({ onOrderEvent: (ev) => events.push(ev) });
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 5, timeInForce: 'GTC', owner: 'alice', clientOrderId: 'a-1' });
    e.submit({ type: 'Limit', side: 'Buy', priceTicks: 100, qtyLots: 2, timeInForce: 'GTC', owner: 'bob', clientOrderId: 'b-1' });
    const fills = events.filter((ev) => ev.kind === 'fill');
    expect(fills.map((f) => f.kind === 'fill' && [f.order.owner, f.order.clientOrderId, f.isMaker, f.trade.qtyLots, f.trade.quoteUnits])).toEqual([
      ['alice', 'a-1', true, 2, 200],
      ['bob', 'b-1', false, 2, 200],
    ]);
    expect(events[0]).toMatchObject({ kind: 'accepted', order: { owner: 'alice' } });
    expect(events.at(-1)).toMatchObject({ kind: 'done', order: { owner: 'bob', status: 'Filled' } });
  });

  it('keeps priority when an amend only lowers the quantity and loses it on a price change', () => {
    const e = mk();
    const a = e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 5, timeInForce: 'GTC' });
    const b = e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 5, timeInForce: 'GTC' });
    e.amend(a.order.orderId, { qtyLots: 3 });
    let r = e.submit({ type: 'Market', side: 'Buy', qtyLots: 1 });
    expect(r.fills[0]!.makerOrderId).toBe(a.order.orderId);
    e.amend(a.order.orderId, { priceTicks: 101 });
    e.amend(a.order.orderId, { priceTicks: 100 });
    r = e.submit({ type: 'Market', side: 'Buy', qtyLots: 1 });
    expect(r.fills[0]!.makerOrderId).toBe(b.order.orderId);
  });

  it('emits one book change per command with the new level totals', () => {
    const e = mk();
    const changes: unknown[] = [];
    e.addListener({ onBookChange: (c) => changes.push(c.changes) });
    e.submit({ type: 'Limit', side: 'Sell', priceTicks: 100, qtyLots: 5, timeInForce: 'GTC' });
    e.submit({ type: 'Market', side: 'Buy', qtyLots: 5 });
    expect(changes).toEqual([[{ side: 'Sell', priceTicks: 100, totalLots: 5 }], [{ side: 'Sell', priceTicks: 100, totalLots: 0 }]]);
  });

  it('rejects bad sizes and orders on a halted market', () => {
    const e = mk();
    expect(e.submit({ type: 'Limit', side: 'Buy', priceTicks: 0, qtyLots: 1, timeInForce: 'GTC' }).order.status).toBe('Rejected');
    expect(e.submit({ type: 'Limit', side: 'Buy', priceTicks: 1, qtyLots: 1.5, timeInForce: 'GTC' }).order.status).toBe('Rejected');
    e.halted = true;
    expect(e.submit({ type: 'Limit', side: 'Buy', priceTicks: 1, qtyLots: 1, timeInForce: 'GTC' }).order.rejectReason).toBe('EC_MarketClosed');
  });
});
