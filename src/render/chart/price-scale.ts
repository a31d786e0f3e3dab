// The vertical model of one pane: a value range mapped onto [top, top + height], linear or
// logarithmic, with margins so the extremes do not touch the pane's edges.

export class PriceScale {
  min = 0;
  max = 1;
  top = 0;
  height = 1;
  log = false;
  private a = 0;
  private b = 1;

  /** Sets the range (values in the pane's own units) and recomputes the mapping. */
  set(min: number, max: number, top: number, height: number, log: boolean, margin = 0.1): void {
    this.log = log && min > 0;
    let lo = this.log ? Math.log(min) : min;
    let hi = this.log ? Math.log(max) : max;
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) (lo = 0), (hi = 1);
    if (hi - lo < 1e-12) {
      const pad = Math.abs(hi) * 0.01 || 1;
      lo -= pad;
      hi += pad;
    }
    const m = (hi - lo) * margin;
    this.a = lo - m;
    this.b = hi + m;
    this.min = this.log ? Math.exp(this.a) : this.a;
    this.max = this.log ? Math.exp(this.b) : this.b;
    this.top = top;
    this.height = Math.max(1, height);
  }

  /** Shifts the range by dy px (a vertical drag with auto-scale off). */
  shift(dy: number): void {
    const d = ((this.b - this.a) * dy) / this.height;
    this.a += d;
    this.b += d;
    this.min = this.log ? Math.exp(this.a) : this.a;
    this.max = this.log ? Math.exp(this.b) : this.b;
  }

  y(v: number): number {
    const t = this.log ? Math.log(v) : v;
    return this.top + ((this.b - t) / (this.b - this.a)) * this.height;
  }

  valueAt(y: number): number {
    const t = this.b - ((y - this.top) / this.height) * (this.b - this.a);
    return this.log ? Math.exp(t) : t;
  }
}
