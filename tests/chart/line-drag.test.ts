// Spec 4.11's drag-to-modify flow in state: the drag sets the line's new price, the drop is
// validated, the modify is pending until the exchange answers, then resolves or rejects (issue 34 item 5).
import { afterEach, describe, expect, test } from 'vitest';
import { orderLines } from '../../src/core/chart/order-overlays.ts';
import { checkLineDrop, dragLine, lineDrag, modifyFromLine, rejectDrop } from '../../src/state/chart/chart-overlays.ts';
import { openOrders } from '../../src/state/trading/orders.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';
import { order } from '../trading/fixtures.ts';

afterEach(() => {
  lineDrag.value = null;
  openOrders.value = [];
  clearToasts();
});

describe('dragging an order line (spec 4.11)', () => {
  test('the drag sets the new price; the dropped price is validated', () => {
    const o = order({ orderId: 'o1', price: '100' });
    openOrders.value = [o];
    const [line] = orderLines([o], 'BTCUSDT');
    dragLine(line!.id, '101.5');
    expect(lineDrag.value).toEqual({ lineId: line!.id, price: '101.5', state: 'dragging' });
    expect(checkLineDrop(line!, '101.5')).toEqual({ ok: true, order: o });
    expect(checkLineDrop(line!, '0')).toEqual({ ok: false, key: 'priceRequired' });
    openOrders.value = [];
    expect(checkLineDrop(line!, '101.5')).toEqual({ ok: false });
  });

  test('the modify is pending until the exchange answers, then the line is released; a refused drop says why and snaps back', async () => {
    const o = order({ orderId: 'o2', price: '100' });
    openOrders.value = [o];
    const [line] = orderLines([o], 'BTCUSDT');
    const result = modifyFromLine(line!, o, '99');
    expect(lineDrag.value).toEqual({ lineId: line!.id, price: '99', state: 'pending' });
    // Nobody is logged in here, so there is no exchange to ask: the modify is rejected.
    expect(await result).toBe(false);
    expect(lineDrag.value).toBeNull();
    dragLine(line!.id, '0');
    rejectDrop('priceRequired');
    expect(lineDrag.value).toBeNull();
    expect(toasts.value.map((t) => t.key)).toEqual(['orderMsg.priceRequired']);
  });
});
