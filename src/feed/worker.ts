/// <reference lib="webworker" />
// The market-data worker: owns the socket and the book engine; the main thread only gets frames.
import type { BookEngine } from '../engine/book-engine.ts';
import { ReferenceBookEngine } from '../engine/reference-book.ts';
import { loadWasmBookEngine } from '../engine/wasm-book.ts';
import { BOOK_WASM_URL } from '../engine/wasm-url.ts';
import { FeedController } from './feed-controller.ts';
import type { FeedCommand } from './frame.ts';
import type { SocketLike } from './socket.ts';

declare const self: DedicatedWorkerGlobalScope;

async function createEngine(): Promise<BookEngine> {
  try {
    return await loadWasmBookEngine(BOOK_WASM_URL);
  } catch (err) {
    // The page must still show a book if WebAssembly is unavailable; the reference model is exact, only slower.
    self.postMessage({ type: 'engine-fallback', reason: (err as Error).message });
    return new ReferenceBookEngine();
  }
}

const queued: FeedCommand[] = [];
let controller: FeedController | null = null;

self.onmessage = (ev: MessageEvent<FeedCommand>) => {
  if (controller) controller.handle(ev.data);
  else queued.push(ev.data);
};

void createEngine().then((engine) => {
  controller = new FeedController({
    engine,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    post: (frame, transfer) => self.postMessage(frame, transfer),
  });
  self.postMessage({ type: 'ready', engine: engine.kind });
  for (const cmd of queued.splice(0)) controller.handle(cmd);
});
