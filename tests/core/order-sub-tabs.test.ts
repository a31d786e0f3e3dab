import { describe, expect, it } from 'vitest';
import { orderSubTabs } from '../../src/core/order-sub-tabs.ts';

// Spec 2.12 / 6: the OCO sub-tab shows when compliance allows it for that tab and not on demo.
describe('order sub-tabs', () => {
  const all = { ocoCurrent: true, ocoHistory: true };
  it('offers OCO on both tabs when allowed', () => {
    expect(orderSubTabs('current', false, all)).toEqual(['ordinary', 'stopLimit', 'conditional', 'oco']);
    expect(orderSubTabs('history', false, all)).toEqual(['ordinary', 'stopLimit', 'conditional', 'oco']);
  });
  it('each tab follows its own compliance flag', () => {
    expect(orderSubTabs('current', false, { ocoCurrent: false, ocoHistory: true })).not.toContain('oco');
    expect(orderSubTabs('history', false, { ocoCurrent: false, ocoHistory: true })).toContain('oco');
    expect(orderSubTabs('history', false, { ocoCurrent: true, ocoHistory: false })).not.toContain('oco');
  });
  it('a demo account never has OCO', () => {
    expect(orderSubTabs('current', true, all)).toEqual(['ordinary', 'stopLimit', 'conditional']);
  });
});
