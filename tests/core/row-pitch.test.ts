import { describe, expect, it } from 'vitest';
import { clampRowPitch, fittedRowPitch } from '../../src/core/order-book.ts';

describe('order-book row pitch', () => {
  it('keeps spec 9’s 22 px where the window has room', () => {
    expect(fittedRowPitch(1080, 200, 80, 36)).toBe(22);
    expect(fittedRowPitch(900, 160, 80, 36)).toBe(22);
  });

  it('shrinks so 13 + 13 rows and the price band end above what must show below', () => {
    // 768 px window, canvas 160 px down the page, 80 px kept below, 36 px band: 492 / 26 = 18.9.
    const p = fittedRowPitch(768, 160, 80, 36);
    expect(p).toBe(18);
    expect(160 + 26 * p + 36 + 80).toBeLessThanOrEqual(768);
  });

  it('never goes below 16 px nor above 22, and takes whole pixels', () => {
    expect(fittedRowPitch(400, 200, 80, 36)).toBe(16);
    expect(clampRowPitch(17.9)).toBe(17);
    expect(clampRowPitch(40)).toBe(22);
    expect(clampRowPitch(Number.NaN)).toBe(22);
  });
});
