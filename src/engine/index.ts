// Public face of the book engine for the feed worker and tests.
export type { BookEngine } from './book-engine.ts';
export { ReferenceBookEngine } from './reference-book.ts';
export { WasmBookEngine, instantiateBookWasm, instantiateBookWasmSync, loadWasmBookEngine } from './wasm-book.ts';
export type { BookWasmExports, BookWasmSource } from './wasm-book.ts';
export { applyPairs, formatRow, hoverSums, readCurve, readLevels, readRows } from './book-reader.ts';
export type { BookRowNumbers, BookScales, FormattedRow, HoverSums } from './book-reader.ts';
export * as BookLayout from './book-layout.ts';
