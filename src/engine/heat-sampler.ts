// The JS face of the heatmap sampler in the wasm engine (assembly/heatmap.ts): per-symbol ring
// buffers (a few slots, least recently used one reused), sampled on demand. Nothing here runs
// unless a caller samples: the heatmap being off costs nothing.
import type { HeatColumns } from '../core/heatmap.ts';

/** The heatmap exports of assembly/index.ts. */
export interface HeatWasmExports {
  readonly memory: WebAssembly.Memory;
  heatCellsPtr(): number;
  heatMetaPtr(): number;
  heatStatePtr(): number;
  heatColumns(): number;
  heatRows(): number;
  heatSlots(): number;
  heatMetaFields(): number;
  heatSelect(slot: number): void;
  heatSlot(): number;
  heatReset(slot: number): void;
  heatSample(timeMs: number, widthTicks: number): number;
  heatSamples(): number;
}

/** One symbol's heatmap (core/heatmap.ts), with the symbol it is of. */
export interface HeatSnapshot extends HeatColumns {
  symbol: string;
}

export class HeatSampler {
  readonly columns: number;
  readonly rows: number;
  readonly slots: number;
  private readonly metaFields: number;
  /** symbol → slot, most recently used last. */
  private readonly bySymbol = new Map<string, number>();
  private current: string | null = null;

  constructor(private readonly x: HeatWasmExports) {
    this.columns = x.heatColumns();
    this.rows = x.heatRows();
    this.slots = x.heatSlots();
    this.metaFields = x.heatMetaFields();
  }

  /** Chooses the ring for a symbol: its own if visited, else the least recently used one (reset). */
  select(symbol: string): void {
    let slot = this.bySymbol.get(symbol);
    if (slot === undefined) {
      if (this.bySymbol.size < this.slots) {
        slot = this.bySymbol.size;
      } else {
        const [oldest, s] = this.bySymbol.entries().next().value as [string, number];
        this.bySymbol.delete(oldest);
        slot = s;
      }
      this.x.heatReset(slot);
    } else {
      this.bySymbol.delete(symbol);
    }
    this.bySymbol.set(symbol, slot);
    this.current = symbol;
    this.x.heatSelect(slot);
  }

  get symbol(): string | null {
    return this.current;
  }

  /** Samples the engine's current book into the current symbol's ring; false if nothing to sample. */
  sample(timeMs: number, widthTicks: number): boolean {
    if (this.current === null) return false;
    return this.x.heatSample(timeMs, widthTicks) === 1;
  }

  /** Samples taken since load, over every slot (for cost tests). */
  get sampleCount(): number {
    return this.x.heatSamples();
  }

  /** Columns held for a symbol (0 if never visited or evicted). */
  count(symbol: string): number {
    const slot = this.bySymbol.get(symbol);
    if (slot === undefined) return 0;
    return new Int32Array(this.x.memory.buffer, this.x.heatStatePtr(), this.slots * 2)[slot * 2 + 1] ?? 0;
  }

  /** Copies a symbol's ring out, oldest column first (a transferable snapshot for the chart). */
  snapshot(symbol: string): HeatSnapshot | null {
    const slot = this.bySymbol.get(symbol);
    if (slot === undefined) return null;
    const buf = this.x.memory.buffer;
    const state = new Int32Array(buf, this.x.heatStatePtr(), this.slots * 2);
    const head = state[slot * 2] ?? 0;
    const n = state[slot * 2 + 1] ?? 0;
    const { columns: C, rows: R, metaFields: M } = this;
    const allCells = new Float32Array(buf, this.x.heatCellsPtr() + slot * C * R * 4, C * R);
    const allMeta = new Float64Array(buf, this.x.heatMetaPtr() + slot * C * M * 8, C * M);
    const cells = new Float32Array(n * R);
    const times = new Float64Array(n);
    const bases = new Float64Array(n);
    const widths = new Float64Array(n);
    let max = 0;
    const first = n < C ? 0 : head;
    for (let i = 0; i < n; i++) {
      const c = (first + i) % C;
      cells.set(allCells.subarray(c * R, c * R + R), i * R);
      times[i] = allMeta[c * M] ?? 0;
      bases[i] = allMeta[c * M + 1] ?? 0;
      widths[i] = allMeta[c * M + 2] ?? 1;
      max = Math.max(max, allMeta[c * M + 3] ?? 0);
    }
    return { symbol, columns: n, rows: R, cells, times, bases, widths, max };
  }
}
