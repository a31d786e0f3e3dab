// The naive baseline the benchmark compares against: what a first attempt in plain JS looks
// like — level objects in a Map, the whole side sorted on every update, rows as new objects.

interface Level {
  price: number;
  size: number;
}

export interface NaiveRow {
  price: number;
  size: number;
  cumBase: number;
  cumQuote: number;
  bar: number;
}

export class NaiveBook {
  private readonly sides = [new Map<number, Level>(), new Map<number, Level>()];
  rows: [NaiveRow[], NaiveRow[]] = [[], []];
  buyRatio = 0;

  constructor(private depth: number, private step: number, private rowCount: number) {}

  setStep(step: number): void {
    this.step = step;
  }

  apply(side: 0 | 1, pairs: Float64Array, reset: boolean): void {
    const map = this.sides[side]!;
    if (reset) map.clear();
    for (let i = 0; i < pairs.length; i += 2) {
      const price = pairs[i]!;
      const size = pairs[i + 1]!;
      if (size === 0) map.delete(price);
      else map.set(price, { price, size });
    }
  }

  update(): void {
    const totals: [number, number] = [0, 0];
    for (const side of [0, 1] as const) {
      const map = this.sides[side]!;
      const levels = [...map.values()].sort((a, b) => (side === 0 ? b.price - a.price : a.price - b.price));
      for (const l of levels.splice(this.depth)) map.delete(l.price);
      const rows: NaiveRow[] = [];
      let cumBase = 0;
      let cumQuote = 0;
      for (const l of levels) {
        totals[side] += l.size;
        const r = l.price % this.step;
        const bucket = r === 0 ? l.price : side === 0 ? l.price - r : l.price - r + this.step;
        let row = rows[rows.length - 1];
        if (!row || row.price !== bucket) {
          if (rows.length === this.rowCount) continue;
          row = { price: bucket, size: 0, cumBase: 0, cumQuote: 0, bar: 0 };
          rows.push(row);
        }
        cumBase += l.size;
        cumQuote += l.price * l.size;
        row.size += l.size;
        row.cumBase = cumBase;
        row.cumQuote = cumQuote;
      }
      this.rows[side] = rows;
    }
    const max = Math.max(this.rows[0].at(-1)?.cumBase ?? 0, this.rows[1].at(-1)?.cumBase ?? 0);
    for (const rows of this.rows) for (const row of rows) row.bar = max > 0 ? row.cumBase / max : 0;
    const sum = totals[0]! + totals[1]!;
    this.buyRatio = sum > 0 ? Math.floor((totals[0]! * 10000) / sum + 0.5) : 0;
  }
}
