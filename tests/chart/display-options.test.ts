// Spec 2.6, 4.10 and 9: the chart's display flags, the compliance flag that hides their menu, the
// average-line day choices and the overlay clock (issue 34 item 5).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AVG_DAY_RANGES } from '../../src/core/chart/order-overlays.ts';
import { DEFAULT_COMPLIANCE_CONFIG } from '../../src/core/liquidity-shield.ts';
import { DEFAULT_DISPLAY, displayMenuAllowed, overlaysStarted, sanitizeDisplay, startChartOverlays } from '../../src/state/chart/chart-overlays.ts';
import { candleState } from '../../src/state/chart/candles.ts';
import { complianceConfig } from '../../src/state/market/compliance.ts';

afterEach(() => {
  complianceConfig.value = DEFAULT_COMPLIANCE_CONFIG;
  candleState.value = 'idle';
  vi.useRealTimers();
});

describe('display flags (spec 4.10)', () => {
  test('trade, dealHistory, entrust, avgBuyLine, avgSellLine and grid each show or hide on their own', () => {
    const flags = ['quickTrade', 'dealHistory', 'entrust', 'avgBuy', 'avgSell', 'grid'] as const;
    for (const f of flags) {
      const on = sanitizeDisplay({ ...DEFAULT_DISPLAY, [f]: !DEFAULT_DISPLAY[f] });
      for (const g of flags) expect(on[g], `${f} → ${g}`).toBe(g === f ? !DEFAULT_DISPLAY[g] : DEFAULT_DISPLAY[g]);
    }
    expect(sanitizeDisplay({ grid: 'no' }).grid).toBe(DEFAULT_DISPLAY.grid);
  });

  test('average buy and sell line day choices: 7, 30, 60, 90, 180, 365, 730, 1095 (default 7)', () => {
    expect(AVG_DAY_RANGES).toEqual([7, 30, 60, 90, 180, 365, 730, 1095]);
    expect(DEFAULT_DISPLAY.avgBuyDays).toBe(7);
    for (const d of AVG_DAY_RANGES) expect(sanitizeDisplay({ avgBuyDays: d, avgSellDays: d })).toMatchObject({ avgBuyDays: d, avgSellDays: d });
    expect(sanitizeDisplay({ avgBuyDays: 14 }).avgBuyDays).toBe(7);
  });
});

describe('display menu and compliance (spec 2.6)', () => {
  test('the compliance config can hide the display-options menu', () => {
    expect(displayMenuAllowed.value).toBe(true);
    complianceConfig.value = { ...DEFAULT_COMPLIANCE_CONFIG, displayOptions: false };
    expect(displayMenuAllowed.value).toBe(false);
  });
});

describe('overlay clock (spec 4.10, 9)', () => {
  test('chart overlays start 800 ms after the chart is ready, not before', () => {
    vi.useFakeTimers();
    const stop = startChartOverlays();
    try {
      candleState.value = 'loading';
      vi.advanceTimersByTime(5000);
      expect(overlaysStarted.value).toBe(false);
      candleState.value = 'ready';
      vi.advanceTimersByTime(799);
      expect(overlaysStarted.value).toBe(false);
      vi.advanceTimersByTime(1);
      expect(overlaysStarted.value).toBe(true);
    } finally {
      stop();
    }
  });
});
