import { clampRowPitch, ORDER_BOOK_ROW_HEIGHT, type OrderBookMode } from '../../core/order-book.ts';
import { chooseMergeStep } from '../../core/merge-steps.ts';
import { signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';

const MODE_KEY = 'spot.book.mode';
const TOTAL_KEY = 'spot.book.totalIn';
const STEP_KEY = 'spot.book.steps';
const SWAP_KEY = 'spot.colors.swap';

const isMode = (v: unknown): v is OrderBookMode => v === 1 || v === 2 || v === 3 || v === 4;
const isTotalIn = (v: unknown): v is 'base' | 'quote' => v === 'base' || v === 'quote';
const isStepMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string' && s.length < 24);

/** Order-book mode 1–4 (spec 2.10), kept locally. */
export const bookMode = signal<OrderBookMode>(readStored(MODE_KEY, isMode) ?? 1);
/** The book's row pitch in pixels: spec 9's 22, less in a short window (setBookRowPitch). */
export const bookRowPitch = signal<number>(ORDER_BOOK_ROW_HEIGHT);
/** Whether the total column counts base or quote. */
export const totalIn = signal<'base' | 'quote'>(readStored(TOTAL_KEY, isTotalIn) ?? 'base');
/** Rises red and falls green, for traders used to that convention. */
export const swapUpDown = signal<boolean>(readStored(SWAP_KEY, (v): v is boolean => typeof v === 'boolean') ?? false);
/** The price a click on the book chose, as a decimal string; the order form reads it. */
export const selectedPrice = signal<{ price: string; at: number } | null>(null);
/** Row under the pointer: side and index in the visible rows, and the pointer in the canvas. */
export const hoveredRow = signal<{ side: 0 | 1; row: number; x: number; y: number } | null>(null);
/**
 * The book's highlight (the price a click chose, or the keyboard's focus): a side and a price as
 * the book shows it, so it follows that price from row to row and shows nowhere while that price
 * is not shown (issue 15 item 3).
 */
export const bookHighlight = signal<BookHighlight | null>(null);
export interface BookHighlight {
  side: 0 | 1;
  price: string;
}
/**
 * True once the order-book canvas has drawn rows (in the canvas worker or here), for good: what
 * loads after the book (the chart's code) waits for it.
 */
export const bookShown = signal(false);

export function noteBookShown(): void {
  if (!bookShown.peek()) bookShown.value = true;
}

/**
 * Charts that have not shown their first candles yet (issue 37 item 4): the regions that load after
 * the book (order entry, the order lists, the right-hand column, the footer) wait for them too, so
 * the chart's first candle does not queue behind their code on the main thread.
 */
export const chartsPending = signal(0);

/** A chart is on its way until the returned function is called (once). */
export function holdForChart(): () => void {
  chartsPending.value++;
  let held = true;
  return () => {
    if (held) (held = false), chartsPending.value--;
  };
}

export function setBookMode(mode: OrderBookMode): void {
  bookMode.value = mode;
  writeStored(MODE_KEY, mode);
}

export function setTotalIn(v: 'base' | 'quote'): void {
  totalIn.value = v;
  writeStored(TOTAL_KEY, v);
}

export function setSwapUpDown(v: boolean): void {
  swapUpDown.value = v;
  writeStored(SWAP_KEY, v);
}

export function selectPrice(price: string): void {
  selectedPrice.value = { price, at: Date.now() };
}

/** A click on a book row: its price goes to the order form and the book highlights that price. */
export function chooseBookPrice(side: 0 | 1, price: string): void {
  selectPrice(price);
  highlightBookPrice(side, price);
}

/** Moves the book's highlight (keyboard focus) to a price. */
export function highlightBookPrice(side: 0 | 1, price: string): void {
  const cur = bookHighlight.peek();
  if (cur?.side !== side || cur.price !== price) bookHighlight.value = { side, price };
}

export function clearBookHighlight(): void {
  bookHighlight.value = null;
}

/** The row under the pointer (null: none), for the hover tooltip. */
export function hoverBookRow(row: { side: 0 | 1; row: number; x: number; y: number } | null): void {
  const cur = hoveredRow.peek();
  if (row === null && cur === null) return;
  hoveredRow.value = row;
}

/** The merge step for a symbol: the saved one if its list has it (spec 5.9), else by precision. */
export function stepFor(symbol: string, digitMerge: string, pricePrecision: number): string | null {
  const saved = readStored(STEP_KEY, isStepMap)?.[symbol];
  return chooseMergeStep(digitMerge, saved, pricePrecision);
}

export function saveStep(symbol: string, step: string): void {
  const map = readStored(STEP_KEY, isStepMap) ?? {};
  writeStored(STEP_KEY, { ...map, [symbol]: step });
}

/** The row pitch that fits the window (features/order-book/useFittedRowPitch.ts measures it). */
export function setBookRowPitch(pitch: number): void {
  const p = clampRowPitch(pitch);
  if (p !== bookRowPitch.peek()) bookRowPitch.value = p;
}
