// Spec 9 "orders-table height is reported only if at most 600 px" (src/state/layout.ts): the orders
// area's height is kept for the next visit only up to 600 px; a taller area holds for this page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let stored: Record<string, string>;
beforeEach(() => {
  stored = {};
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored[k] ?? null,
    setItem: (k: string, v: string) => void (stored[k] = v),
    removeItem: (k: string) => void delete stored[k],
  });
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe("spec 9's orders-table height report (at most 600 px)", () => {
  it('a height up to 600 px is kept; a taller one holds for the page but is not kept, and a stored one above 600 is not read', async () => {
    const layout = await import('../../src/state/layout.ts');
    expect(layout.ORDERS_REPORT_MAX_HEIGHT).toBe(600);
    layout.setOrdersHeight(600);
    expect(layout.ordersHeight.value).toBe(600);
    expect(stored['spot.layout.ordersHeight']).toBe('600');
    layout.setOrdersHeight(450);
    expect(stored['spot.layout.ordersHeight']).toBe('450');
    layout.setOrdersHeight(601);
    expect(layout.ordersHeight.value).toBe(601);
    expect(stored['spot.layout.ordersHeight']).toBe('450');

    // The next visit opens at the last height reported.
    vi.resetModules();
    expect((await import('../../src/state/layout.ts')).ordersHeight.value).toBe(450);
    stored['spot.layout.ordersHeight'] = '720';
    vi.resetModules();
    expect((await import('../../src/state/layout.ts')).ordersHeight.value).toBeNull();
  });
});
