// Where the release build of the book engine is served from; Vite fingerprints and copies it.
export const BOOK_WASM_URL: URL = new URL('../../build/wasm/book.release.wasm', import.meta.url);
