import { clampRowPitch, ORDER_BOOK_ROW_GAP, ORDER_BOOK_ROW_HEIGHT, type OrderBookMode } from '../../core/order-book.ts';

/** Row pitch of spec 9 (22 px), of which the depth bar fills all but the 2 px gap. */
export const ROW_PITCH = ORDER_BOOK_ROW_HEIGHT;
/** The depth bar's height in a row of this pitch: all but the gap. */
export function barHeight(pitch: number): number {
  return pitch - ORDER_BOOK_ROW_GAP;
}
/** The band where the page draws the current price line (a DOM element sits over it). */
export const PRICE_LINE_HEIGHT = 36;

export interface SideBlock {
  side: 0 | 1;
  /** Row pitch in pixels. */
  pitch: number;
  rows: number;
  x: number;
  y: number;
  width: number;
  /** True when the best level is the bottom row (asks above the price line). */
  bestAtBottom: boolean;
}

export interface BookLayout {
  width: number;
  height: number;
  /** Row pitch in pixels (ROW_PITCH unless the window is short: core clampRowPitch). */
  pitch: number;
  blocks: SideBlock[];
  /** Top of the price-line band, or -1 when the mode shows none inside the canvas. */
  priceLineY: number;
}

/**
 * Where each side's rows go for a mode (spec 2.10): 1 stacked 13+13, 2 bids 40, 3 asks 40, 4 side
 * by side 40+40; rows `rowPitch` pixels apart (core clampRowPitch).
 */
export function bookLayout(mode: OrderBookMode, width: number, rowPitch: number = ROW_PITCH): BookLayout {
  const pitch = clampRowPitch(rowPitch);
  const rows13 = 13 * pitch;
  const rows40 = 40 * pitch;
  switch (mode) {
    case 1:
      return {
        width,
        pitch,
        height: rows13 * 2 + PRICE_LINE_HEIGHT,
        priceLineY: rows13,
        blocks: [
          { side: 1, pitch, rows: 13, x: 0, y: 0, width, bestAtBottom: true },
          { side: 0, pitch, rows: 13, x: 0, y: rows13 + PRICE_LINE_HEIGHT, width, bestAtBottom: false },
        ],
      };
    case 2:
      return { width, pitch, height: PRICE_LINE_HEIGHT + rows40, priceLineY: 0, blocks: [{ side: 0, pitch, rows: 40, x: 0, y: PRICE_LINE_HEIGHT, width, bestAtBottom: false }] };
    case 3:
      return { width, pitch, height: rows40 + PRICE_LINE_HEIGHT, priceLineY: rows40, blocks: [{ side: 1, pitch, rows: 40, x: 0, y: 0, width, bestAtBottom: true }] };
    case 4: {
      const half = Math.floor(width / 2);
      return {
        width,
        pitch,
        height: PRICE_LINE_HEIGHT + rows40,
        priceLineY: 0,
        blocks: [
          { side: 0, pitch, rows: 40, x: 0, y: PRICE_LINE_HEIGHT, width: half, bestAtBottom: false },
          { side: 1, pitch, rows: 40, x: half, y: PRICE_LINE_HEIGHT, width: width - half, bestAtBottom: false },
        ],
      };
    }
  }
}

/** The visible row at canvas point (x, y), or null. `rtl` mirrors x as the drawing does. */
export function rowAt(layout: BookLayout, x: number, y: number, rtl: boolean): { side: 0 | 1; row: number } | null {
  const px = rtl ? layout.width - x : x;
  for (const b of layout.blocks) {
    if (px < b.x || px >= b.x + b.width || y < b.y || y >= b.y + b.rows * b.pitch) continue;
    const slot = Math.floor((y - b.y) / b.pitch);
    return { side: b.side, row: b.bestAtBottom ? b.rows - 1 - slot : slot };
  }
  return null;
}

/** Top y of a row (row 0 = best) inside its block. */
export function rowTop(b: SideBlock, row: number): number {
  return b.y + (b.bestAtBottom ? b.rows - 1 - row : row) * b.pitch;
}
