// Captures everything an engine exposes after update()/depthCurve(), for exact comparison.
import { ASK, BID } from '../../../src/core/order-book.ts';
import type { BookEngine } from '../../../src/engine/book-engine.ts';
import { readCurve, readLevels, readRows } from './book-reader.ts';
import { HEADER_LEN } from '../../../src/engine/book-layout.ts';

export function captureState(e: BookEngine): unknown {
  e.update();
  e.depthCurve();
  const hover: number[] = [];
  for (const side of [BID, ASK] as const) {
    for (const row of [0, 5, 12, 39]) {
      hover.push(e.hover(side, row) ? 1 : 0, ...e.header().slice(16, 19));
    }
  }
  return {
    header: Array.from(e.header().slice(0, HEADER_LEN)),
    bids: readLevels(e, BID),
    asks: readLevels(e, ASK),
    bidRows: readRows(e, BID),
    askRows: readRows(e, ASK),
    bidCurve: readCurve(e, BID),
    askCurve: readCurve(e, ASK),
    hover,
  };
}

/** Book invariants a user would notice if broken; returns a description of the first failure. */
export function checkInvariants(e: BookEngine, depth: number): string | null {
  for (const side of [BID, ASK] as const) {
    const n = e.levelCount(side);
    if (n > depth) return `side ${side}: ${n} levels > depth ${depth}`;
    const p = e.prices(side);
    const s = e.sizes(side);
    for (let i = 0; i < n; i++) {
      if (!(p[i]! >= 1) || !(s[i]! > 0) || !Number.isInteger(p[i]) || !Number.isInteger(s[i])) return `side ${side} level ${i}: ${p[i]} x ${s[i]}`;
      if (i > 0 && (side === BID ? p[i]! >= p[i - 1]! : p[i]! <= p[i - 1]!)) return `side ${side} not strictly ordered at ${i}`;
    }
    const rows = readRows(e, side);
    let prevBase = 0;
    let prevQuote = 0;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      for (const v of Object.values(r)) if (Number.isNaN(v) || !Number.isFinite(v)) return `side ${side} row ${i} has ${v}`;
      if (r.cumBase < prevBase || r.cumQuote < prevQuote) return `side ${side} totals fall at row ${i}`;
      if (r.bar < 0 || r.bar > 1) return `side ${side} row ${i} bar ${r.bar}`;
      if (i > 0 && (side === BID ? r.price >= rows[i - 1]!.price : r.price <= rows[i - 1]!.price)) return `side ${side} rows not ordered at ${i}`;
      prevBase = r.cumBase;
      prevQuote = r.cumQuote;
    }
  }
  const h = e.header();
  for (let i = 0; i < HEADER_LEN; i++) if (!Number.isFinite(h[i]!)) return `header[${i}] = ${h[i]}`;
  return null;
}
