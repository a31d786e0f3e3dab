/// <reference lib="webworker" />
// The market-data worker: owns the socket and the book engine; the main thread only gets frames.
import type { BookEngine } from '../engine/book-engine.ts';
import { ReferenceBookEngine } from '../engine/reference-book.ts';
import { loadWasmBookEngine } from '../engine/wasm-book.ts';
import { BOOK_WASM_URL } from '../engine/wasm-url.ts';
import { FeedController } from './feed-controller.ts';
import type { CanvasFeedReply, EngineBytes, FeedCommand } from './frame.ts';
import type { SocketLike } from '../net/socket.ts';

declare const self: DedicatedWorkerGlobalScope;

let engineBytes: (bytes: ArrayBuffer | null) => void = () => undefined;
const bytes = new Promise<ArrayBuffer | null>((resolve) => (engineBytes = resolve));

async function createEngine(): Promise<BookEngine> {
  try {
    return await loadWasmBookEngine((await bytes) ?? BOOK_WASM_URL);
  } catch (err) {
    // The page must still show a book if WebAssembly is unavailable; the reference model is exact, only slower.
    self.postMessage({ type: 'engine-fallback', reason: (err as Error).message });
    return new ReferenceBookEngine();
  }
}

const queued: FeedCommand[] = [];
let controller: FeedController | null = null;

self.onmessage = (ev: MessageEvent<FeedCommand | EngineBytes>) => {
  const cmd = ev.data;
  if (cmd.type === 'engine') return engineBytes(cmd.bytes);
  if (controller) handle(controller, cmd);
  else queued.push(cmd);
};

let canvasPort: MessagePort | null = null;

function handle(c: FeedController, cmd: FeedCommand): void {
  if (cmd.type !== 'canvasPort') return c.handle(cmd);
  if (canvasPort) canvasPort.close();
  canvasPort = cmd.port;
  const port = cmd.port;
  if (!port) return c.attachCanvas(null);
  port.onmessage = (e: MessageEvent<CanvasFeedReply>) => {
    if (e.data?.type === 'credit') c.canvasCredit();
  };
  c.attachCanvas((frame, transfer) => port.postMessage(frame, transfer));
}

void createEngine().then((engine) => {
  controller = new FeedController({
    engine,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    post: (frame, transfer) => self.postMessage(frame, transfer),
    notices: (list) => self.postMessage({ type: 'notices', list }),
    report: (report) => self.postMessage({ type: 'socketReport', report }),
    candle: (symbol, interval, candle) => self.postMessage({ type: 'kline', symbol, interval, candle }),
    heat: (snapshot) => self.postMessage({ type: 'heat', snapshot }, [snapshot.cells.buffer, snapshot.times.buffer, snapshot.bases.buffer, snapshot.widths.buffer]),
  });
  self.postMessage({ type: 'ready', engine: engine.kind });
  for (const cmd of queued.splice(0)) handle(controller, cmd);
});
