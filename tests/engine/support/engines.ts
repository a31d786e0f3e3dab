// Test-side loading of the wasm build (node:fs stays out of src/engine, which browsers import).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BookEngine } from '../../../src/engine/book-engine.ts';
import { ReferenceBookEngine } from '../../../src/engine/reference-book.ts';
import { WasmBookEngine, instantiateBookWasmSync } from '../../../src/engine/wasm-book.ts';

export type WasmFlavour = 'release' | 'debug';

export function wasmPath(flavour: WasmFlavour): string {
  return fileURLToPath(new URL(`../../../build/wasm/book.${flavour}.wasm`, import.meta.url));
}

const modules = new Map<WasmFlavour, WebAssembly.Module>();

export function wasmBytes(flavour: WasmFlavour): Uint8Array<ArrayBuffer> {
  const path = wasmPath(flavour);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build:wasm first`);
  return new Uint8Array(readFileSync(path));
}

export function wasmEngine(flavour: WasmFlavour = 'release'): WasmBookEngine {
  let mod = modules.get(flavour);
  if (!mod) {
    mod = new WebAssembly.Module(wasmBytes(flavour));
    modules.set(flavour, mod);
  }
  return new WasmBookEngine(instantiateBookWasmSync(mod));
}

export function referenceEngine(): ReferenceBookEngine {
  return new ReferenceBookEngine();
}

/** Every engine flavour, for describe.each. */
export const ENGINE_FACTORIES: Array<[string, () => BookEngine]> = [
  ['wasm release', () => wasmEngine('release')],
  ['wasm debug', () => wasmEngine('debug')],
  ['reference', () => referenceEngine()],
];
