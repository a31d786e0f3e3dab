// Loader and TypeScript face of the WebAssembly book engine (assembly/, build/wasm/). The
// caller supplies the module bytes, a Response or a URL: tests and benches read the file with
// node:fs themselves, so this module stays importable from a browser worker.
import { ASK, type BookSide, type OrderBookMode } from '../core/order-book.ts';
import type { BookEngine } from './book-engine.ts';
import * as L from './book-layout.ts';
import { HeatSampler, type HeatWasmExports } from './heat-sampler.ts';

/** The number-only exports of assembly/index.ts. */
export interface BookWasmExports extends HeatWasmExports {
  readonly memory: WebAssembly.Memory;
  inputPtr(): number;
  inputCapacity(): number;
  headerPtr(): number;
  headerLength(): number;
  rowsPtr(side: number): number;
  rowCapacity(): number;
  rowFields(): number;
  pricesPtr(side: number): number;
  sizesPtr(side: number): number;
  levelCapacity(): number;
  curvePtr(side: number): number;
  curveCapacity(): number;
  levelCount(side: number): number;
  apply(side: number, count: number, reset: number): number;
  setDepth(depth: number): void;
  setStep(stepTicks: number): void;
  setMode(mode: number): void;
  clear(): void;
  update(): void;
  depthCurve(): void;
  hover(side: number, row: number): number;
}

export type BookWasmSource = BufferSource | WebAssembly.Module | Response | PromiseLike<Response> | URL | string;

const ROW_LIMIT = 2 ** 31;

const IMPORTS: WebAssembly.Imports = {
  // Only a debug build with assertions would call abort; the stub runtime imports nothing else.
  env: {
    abort(_msg: number, _file: number, line: number, column: number): never {
      throw new Error(`book engine aborted at ${line}:${column}`);
    },
  },
};

function isResponse(x: unknown): x is Response {
  return typeof Response !== 'undefined' && x instanceof Response;
}

async function instantiateResponse(res: Response): Promise<WebAssembly.Instance> {
  if (!res.ok) throw new Error(`book engine: HTTP ${res.status} loading ${res.url}`);
  // Streaming compile needs the application/wasm MIME type; fall back to bytes otherwise.
  if (typeof WebAssembly.instantiateStreaming === 'function' && res.headers.get('content-type')?.startsWith('application/wasm')) {
    return (await WebAssembly.instantiateStreaming(res, IMPORTS)).instance;
  }
  const { instance } = await WebAssembly.instantiate(await res.arrayBuffer(), IMPORTS);
  return instance;
}

/** Compiles and instantiates the engine module from bytes, a compiled Module, a Response or a URL. */
export async function instantiateBookWasm(source: BookWasmSource): Promise<BookWasmExports> {
  let instance: WebAssembly.Instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, IMPORTS);
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    instance = (await WebAssembly.instantiate(source, IMPORTS)).instance;
  } else if (typeof source === 'string' || source instanceof URL) {
    instance = await instantiateResponse(await fetch(source));
  } else if (isResponse(source)) {
    instance = await instantiateResponse(source);
  } else {
    instance = await instantiateResponse(await source);
  }
  return instance.exports as unknown as BookWasmExports;
}

/** Synchronous variant for bytes already in hand (a worker that received them in a message). */
export function instantiateBookWasmSync(bytes: BufferSource | WebAssembly.Module): BookWasmExports {
  const mod = bytes instanceof WebAssembly.Module ? bytes : new WebAssembly.Module(bytes);
  return new WebAssembly.Instance(mod, IMPORTS).exports as unknown as BookWasmExports;
}

interface Views {
  buffer: ArrayBuffer;
  input: Float64Array;
  header: Float64Array;
  rows: [Float64Array, Float64Array];
  prices: [Float64Array, Float64Array];
  sizes: [Float64Array, Float64Array];
  curve: [Float64Array, Float64Array];
}

/** BookEngine over one wasm instance; views are rebuilt only if the memory buffer changes. */
export class WasmBookEngine implements BookEngine {
  readonly kind = 'wasm' as const;
  /** The heatmap's per-symbol rings in the same memory as the book they sample. */
  readonly heat: HeatSampler;
  private v: Views;

  constructor(private readonly x: BookWasmExports) {
    if (x.rowFields() !== L.ROW_FIELDS || x.headerLength() !== L.HEADER_LEN || x.rowCapacity() !== L.ROW_CAP) {
      throw new Error('book engine: wasm layout does not match src/engine/book-layout.ts; rebuild with npm run build:wasm');
    }
    this.v = this.makeViews();
    this.heat = new HeatSampler(x);
    x.clear();
  }

  private makeViews(): Views {
    const x = this.x;
    const buffer = x.memory.buffer;
    const f64 = (ptr: number, len: number): Float64Array => new Float64Array(buffer, ptr, len);
    const pair = (ptr: (s: number) => number, len: number): [Float64Array, Float64Array] => [f64(ptr(0), len), f64(ptr(1), len)];
    return {
      buffer,
      input: f64(x.inputPtr(), x.inputCapacity() * 2),
      header: f64(x.headerPtr(), x.headerLength()),
      rows: pair(x.rowsPtr, x.rowCapacity() * x.rowFields()),
      prices: pair(x.pricesPtr, x.levelCapacity()),
      sizes: pair(x.sizesPtr, x.levelCapacity()),
      curve: pair(x.curvePtr, x.curveCapacity() * 2),
    };
  }

  private views(): Views {
    // A grown memory detaches the old buffer (views drop to length 0); checking that is far
    // cheaper than reading memory.buffer on every call.
    if (this.v.header.length === 0) this.v = this.makeViews();
    return this.v;
  }

  input(): Float64Array {
    return this.views().input;
  }
  apply(side: BookSide, count: number, reset: boolean): number {
    return this.x.apply(side, count, reset ? 1 : 0);
  }
  setDepth(depth: number): void {
    this.x.setDepth(depth);
  }
  setStep(stepTicks: number): void {
    this.x.setStep(stepTicks);
  }
  setMode(mode: OrderBookMode): void {
    this.x.setMode(mode);
  }
  clear(): void {
    this.x.clear();
  }
  update(): void {
    this.x.update();
  }
  depthCurve(): void {
    this.x.depthCurve();
  }
  hover(side: BookSide, row: number): boolean {
    // Out-of-i32 rows would wrap inside wasm; send -1 so they miss like they do in the reference.
    return this.x.hover(side, Number.isInteger(row) && row >= 0 && row < ROW_LIMIT ? row : -1) === 1;
  }
  header(): Float64Array {
    return this.views().header;
  }
  rows(side: BookSide): Float64Array {
    return this.views().rows[side === ASK ? 1 : 0];
  }
  prices(side: BookSide): Float64Array {
    return this.views().prices[side === ASK ? 1 : 0];
  }
  sizes(side: BookSide): Float64Array {
    return this.views().sizes[side === ASK ? 1 : 0];
  }
  levelCount(side: BookSide): number {
    return this.x.levelCount(side);
  }
  curve(side: BookSide): Float64Array {
    return this.views().curve[side === ASK ? 1 : 0];
  }
  destroy(): void {
    this.x.clear();
  }
}

/** One engine per call: each gets its own instance (and memory) of the module. */
export async function loadWasmBookEngine(source: BookWasmSource): Promise<WasmBookEngine> {
  return new WasmBookEngine(await instantiateBookWasm(source));
}
