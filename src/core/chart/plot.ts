// Where a price meets the screen. Money stays a decimal string everywhere it is shown, compared or
// sent; only a position on a price scale (a chart coordinate, a line's pixel, a slider's
// aria-valuenow) is a binary float, and it is made here, named, so a search for `Number(` on a price
// in the features and the state finds nothing (tests/lint/house-rules.test.ts).

/** A decimal price as a position on a price scale: never shown, compared as money or sent. NaN for none. */
export function plotPrice(price: string | null | undefined): number {
  return price === null || price === undefined || price === '' ? NaN : Number(price);
}
