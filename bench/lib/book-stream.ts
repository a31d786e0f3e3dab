// Generates Bybit-like order-book streams for tests and benchmarks: a deeper "true" book is
// simulated and its top-N window is published as a snapshot followed by deltas, with the
// window-edge deletes and inserts a real orderbook.N feed sends. Deterministic per seed.

export interface StreamMessage {
  type: 'snapshot' | 'delta';
  u: number;
  /** Flat pairs [priceTicks, sizeScaled], best first; size 0 deletes. */
  bids: Float64Array;
  asks: Float64Array;
}

export interface StreamOptions {
  depth: number;
  messages: number;
  seed: number;
  /** Mid price in ticks at the start. */
  mid?: number;
  /** Changed levels per message, at most. */
  maxChanges?: number;
  /** Re-send a snapshot every n messages (0 = never). */
  resnapshotEvery?: number;
}

/** Small seeded PRNG (mulberry32) so streams repeat exactly. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Side = Array<[number, number]>;

function find(side: Side, p: number, isBid: boolean): number {
  let lo = 0;
  let hi = side.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const q = side[mid]![0];
    if (isBid ? q > p : q < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function put(side: Side, p: number, s: number, isBid: boolean): void {
  const i = find(side, p, isBid);
  if (i < side.length && side[i]![0] === p) side[i]![1] = s;
  else side.splice(i, 0, [p, s]);
}

/** Levels that differ between two top-N windows, best first: removals carry size 0. */
function diff(prev: Side, next: Side, isBid: boolean): Float64Array {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  const better = (a: number, b: number): boolean => (isBid ? a > b : a < b);
  while (i < prev.length || j < next.length) {
    const a = prev[i];
    const b = next[j];
    if (b === undefined || (a !== undefined && better(a[0], b[0]))) {
      out.push(a![0], 0);
      i++;
    } else if (a === undefined || better(b[0], a[0])) {
      out.push(b[0], b[1]);
      j++;
    } else {
      if (a[1] !== b[1]) out.push(b[0], b[1]);
      i++;
      j++;
    }
  }
  return Float64Array.from(out);
}

const flat = (side: Side): Float64Array => Float64Array.from(side.flatMap(([p, s]) => [p, s]));

export function generateBookStream(o: StreamOptions): StreamMessage[] {
  const r = rng(o.seed);
  const depth = o.depth;
  const deep = Math.ceil(depth * 1.5) + 5;
  const maxChanges = o.maxChanges ?? 8;
  const size = (): number => 1 + Math.floor(r() ** 3 * 5_000_000);
  const bids: Side = [];
  const asks: Side = [];
  const mid = o.mid ?? 4_373_200;
  for (let p = mid - 1; bids.length < deep; p -= 1 + Math.floor(r() * 3)) bids.push([p, size()]);
  for (let p = mid + 1; asks.length < deep; p += 1 + Math.floor(r() * 3)) asks.push([p, size()]);

  const out: StreamMessage[] = [];
  let prevB: Side = bids.slice(0, depth).map(([p, s]) => [p, s]);
  let prevA: Side = asks.slice(0, depth).map(([p, s]) => [p, s]);
  let u = 1 + Math.floor(r() * 1e6);
  out.push({ type: 'snapshot', u, bids: flat(prevB), asks: flat(prevA) });

  for (let m = 1; m < o.messages; m++) {
    const changes = 1 + Math.floor(r() * maxChanges);
    for (let c = 0; c < changes; c++) {
      const isBid = r() < 0.5;
      const side = isBid ? bids : asks;
      const other = isBid ? asks : bids;
      const k = r();
      // Activity concentrates at the top of the book, as on a real exchange.
      const idx = Math.min(side.length - 1, Math.floor(Math.min(depth, side.length) * r() ** 2));
      if (k < 0.45) {
        side[idx]![1] = size();
      } else if (k < 0.7) {
        const ref = side[idx]![0];
        const p = isBid ? ref + 1 + Math.floor(r() * 2) : ref - 1 - Math.floor(r() * 2);
        const bestOther = other[0]![0];
        if (isBid ? p < bestOther : p > bestOther) put(side, p, size(), isBid);
      } else if (k < 0.93) {
        if (side.length > depth) side.splice(idx, 1);
      } else {
        // A trade sweeps the best levels; the book refills further out.
        const eat = 1 + Math.floor(r() * 3);
        side.splice(0, Math.min(eat, side.length - depth));
      }
    }
    for (const [side, isBid] of [[bids, true], [asks, false]] as const) {
      while (side.length < deep) {
        const last = side[side.length - 1]![0];
        side.push([isBid ? Math.max(1, last - 1 - Math.floor(r() * 3)) : last + 1 + Math.floor(r() * 3), size()]);
      }
      if (side.length > deep * 2) side.length = deep * 2;
    }
    const nextB = bids.slice(0, depth).map(([p, s]): [number, number] => [p, s]);
    const nextA = asks.slice(0, depth).map(([p, s]): [number, number] => [p, s]);
    u++;
    if (o.resnapshotEvery && m % o.resnapshotEvery === 0) {
      out.push({ type: 'snapshot', u, bids: flat(nextB), asks: flat(nextA) });
    } else {
      out.push({ type: 'delta', u, bids: diff(prevB, nextB, true), asks: diff(prevA, nextA, false) });
    }
    prevB = nextB;
    prevA = nextA;
  }
  return out;
}

/** The exact top-N book after the stream, for checking a consumer's result. */
export function finalBook(stream: StreamMessage[]): { bids: Array<[number, number]>; asks: Array<[number, number]> } {
  const sides: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  for (const msg of stream) {
    for (const [k, pairs] of [[0, msg.bids], [1, msg.asks]] as const) {
      const side = sides[k];
      if (msg.type === 'snapshot') side.clear();
      for (let i = 0; i < pairs.length; i += 2) {
        if (pairs[i + 1] === 0) side.delete(pairs[i]!);
        else side.set(pairs[i]!, pairs[i + 1]!);
      }
    }
  }
  return {
    bids: [...sides[0]].sort((a, b) => b[0] - a[0]),
    asks: [...sides[1]].sort((a, b) => a[0] - b[0]),
  };
}
