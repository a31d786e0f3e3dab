import { describe, expect, it } from 'vitest';
import { answersCancel, answersPlace, cancelOutcome, placeOutcome } from '../../src/core/order-outcome.ts';
import { order } from './fixtures.ts';

const BTC = { base: 'BTC', quote: 'USDT', pricePrecision: 2, quantityPrecision: 6 };

describe('what a placed order says (issue 15 item 1)', () => {
  it('a resting limit order: placed, with side, quantity, grouped price and pair', () => {
    const m = placeOutcome(order({ price: '96948.7', origQty: '0.010000' }), BTC, { side: 'Buy' });
    expect(m).toMatchObject({ kind: 'success', key: 'placed', params: { pair: 'BTC/USDT', qty: '0.01 BTC', price: '96,948.70 USDT' }, tParams: { side: 'orderForm.buy' } });
  });

  it('a closing market order the exchange rejected says "market order fail" (spec 4.7); a closing limit one, or a plain market one, the usual rejection', () => {
    expect(placeOutcome(order({ type: 'MARKET', price: '0', status: 'REJECTED', closing: true, rejectReason: 'EC_NoImmediateQtyToFill' }), BTC, { side: 'Sell' })).toMatchObject({
      kind: 'error', key: 'marketOrderFail', params: { pair: 'BTC/USDT' },
    });
    expect(placeOutcome(order({ status: 'REJECTED', closing: true }), BTC, { side: 'Sell' }).key).toBe('rejected');
    expect(placeOutcome(order({ type: 'MARKET', price: '0', status: 'REJECTED' }), BTC, { side: 'Sell' }).key).toBe('rejected');
  });

  it('a fill gives the average price', () => {
    const m = placeOutcome(order({ type: 'MARKET', price: '0', status: 'FILLED', executedQty: '1.5', avgPrice: '1234.567' }), BTC, { side: 'Buy' });
    expect(m).toMatchObject({ kind: 'success', key: 'filled', params: { filled: '1.5 BTC', avg: '1,234.57 USDT', price: '' } });
  });

  it('a rejection is an error with a known reason translated, an unknown one as the exchange wrote it', () => {
    expect(placeOutcome(order({ status: 'REJECTED', rejectReason: 'EC_MarketClosed' }), BTC, { side: 'Sell' })).toMatchObject({
      kind: 'error', key: 'rejected', tParams: { side: 'orderForm.buy', reason: 'rejectReason.EC_MarketClosed' },
    });
    expect(placeOutcome(order({ status: 'REJECTED', rejectReason: 'EC_SomethingNew' }), BTC, { side: 'Buy' })).toMatchObject({
      kind: 'error', params: { reason: 'EC_SomethingNew' },
    });
  });

  it('a partly filled order without a price (market) says no empty price (walkthrough 7: "at  on BTC/USDT")', () => {
    const m = placeOutcome(order({ type: 'MARKET', price: '0', status: 'PARTIALLY_FILLED', origQty: '1.5', executedQty: '0.860472' }), BTC, { side: 'Buy' });
    expect(m).toMatchObject({ kind: 'success', key: 'placedPartlyNoPrice', params: { filled: '0.860472 BTC', qty: '1.5 BTC', price: '' } });
    expect(placeOutcome(order({ price: '96948.7', status: 'PARTIALLY_FILLED', executedQty: '0.5' }), BTC, { side: 'Buy' }).key).toBe('placedPartly');
  });

  it('nothing known: not confirmed, never "placed"', () => {
    expect(placeOutcome(undefined, BTC, { side: 'Sell' })).toMatchObject({ kind: 'info', key: 'unconfirmed', tParams: { side: 'orderForm.sell' } });
  });

  it('a market order\'s New is not its answer; its fill or end is; a limit order\'s New is', () => {
    expect(answersPlace(order({ type: 'MARKET', status: 'NEW' }))).toBe(false);
    expect(answersPlace(order({ type: 'MARKET', status: 'PARTIALLY_FILLED' }))).toBe(false);
    expect(answersPlace(order({ type: 'MARKET', status: 'FILLED' }))).toBe(true);
    expect(answersPlace(order({ type: 'LIMIT', status: 'NEW' }))).toBe(true);
  });

  it('a cancel whose order filled first says the fill', () => {
    expect(answersCancel(order({ status: 'NEW' }))).toBe(false);
    const filled = order({ status: 'FILLED', executedQty: '1', avgPrice: '100' });
    expect(answersCancel(filled)).toBe(true);
    expect(cancelOutcome(order(), filled, BTC).key).toBe('filled');
    expect(cancelOutcome(order(), order({ status: 'CANCELED' }), BTC).key).toBe('cancelled');
  });

  it('a cancel of a partly filled order says only the rest was cancelled, and how much had filled', () => {
    const m = cancelOutcome(order(), order({ status: 'PARTIALLY_FILLED_CANCELED', origQty: '0.1', executedQty: '0.061008', price: '96977.68' }), BTC);
    expect(m.key).toBe('cancelledRest');
    expect(m.params).toMatchObject({ left: '0.038992 BTC', qty: '0.1 BTC', filled: '0.061008 BTC', pair: 'BTC/USDT' });
  });
});
