// Records the simulated markets to a file (format.ts), off the hot path: each market step only
// appends short lines to an array; a timer hands them to a gzip stream every 250 ms, and a sync
// flush each second leaves a file that reads up to there if the process is killed.
import { createWriteStream } from 'node:fs';
import { createGzip, constants as zc, type Gzip } from 'node:zlib';
import type { Market, PublicTrade } from '../sim/market.ts';
import type { Markets } from '../sim/markets.ts';
import { EventEncoder, headerLine, RECORDING_FORMAT, RECORDING_VERSION, type Levels, type RecordedEvent } from './format.ts';

/** Book changes are taken at most this often per symbol (Bybit's orderbook.200 cadence). */
export const RECORD_BOOK_MS = 100;
export const RECORD_DEPTH = 200;
const WRITE_MS = 250;
const SYNC_MS = 1000;

/** Lines into a gzip file, buffered. Errors are reported once and recording stops; the exchange goes on. */
export class RecordingWriter {
  private readonly gz: Gzip;
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastSync = 0;
  private failed = false;
  private closed: Promise<void> | undefined;
  private readonly done: Promise<void>;
  private readonly sync: boolean;

  /** `timer` false: the owner calls flush (a generator's loop); `sync` false: no sync flushes (byte-identical output). */
  constructor(readonly path: string, opts: { timer?: boolean; sync?: boolean } = {}) {
    this.sync = opts.sync !== false;
    const file = createWriteStream(path);
    this.gz = createGzip({ level: 9 });
    this.done = new Promise((resolve) => {
      file.on('close', () => resolve());
      file.on('error', (err) => {
        this.fail(err);
        resolve();
      });
    });
    this.gz.on('error', (err) => this.fail(err));
    this.gz.pipe(file);
    if (opts.timer !== false) {
      this.timer = setInterval(() => this.flush(), WRITE_MS);
      this.timer.unref();
    }
  }

  write(line: string): void {
    if (!this.failed) this.pending.push(line);
  }

  /** Hands what is buffered to the compressor (a sync flush at most once a second). */
  flush(): void {
    if (this.failed || this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.gz.write(text);
    const now = Date.now();
    if (this.sync && now - this.lastSync >= SYNC_MS) {
      this.lastSync = now;
      this.gz.flush(zc.Z_SYNC_FLUSH);
    }
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      if (this.timer) clearInterval(this.timer);
      this.flush();
      if (!this.failed) this.gz.end();
      await this.done;
    })();
    return this.closed;
  }

  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.pending = [];
    console.error(`recording to ${this.path} stopped: ${err.message}`);
  }
}

/** Per-symbol state: the window last written, to write only what changed. */
interface Track {
  readonly m: Market;
  readonly sym: number;
  bids: Map<number, number>;
  asks: Map<number, number>;
  seenVersion: number;
  lastAt: number;
  candleStart: number;
}

/**
 * Watches the markets and writes their book changes, trades and closed minute candles. `symbols`
 * defaults to every listed market (the stress-only pairs are left out: they exist to load feeds).
 */
export class MarketRecorder {
  private readonly tracks: Track[];
  private readonly encoder: EventEncoder;
  private readonly offs: Array<() => void> = [];

  constructor(
    markets: Markets,
    private readonly out: { write(line: string): void },
    opts: { symbols?: readonly string[]; depth?: number; bookMs?: number; source?: string; startTime?: number } = {},
  ) {
    const list = opts.symbols ? opts.symbols.map((s) => markets.bySymbol.get(s)!).filter(Boolean) : markets.list.filter((m) => !m.def.stressOnly);
    this.depth = opts.depth ?? RECORD_DEPTH;
    this.bookMs = opts.bookMs ?? RECORD_BOOK_MS;
    const startTime = opts.startTime ?? markets.startTime;
    this.encoder = new EventEncoder(startTime);
    out.write(headerLine({
      format: RECORDING_FORMAT, version: RECORDING_VERSION, startTime, depth: this.depth,
      symbols: list.map((m) => m.def.symbol), ...(opts.source ? { source: opts.source } : {}),
    }));
    this.tracks = list.map((m, sym) => ({ m, sym, bids: new Map(), asks: new Map(), seenVersion: -1, lastAt: -Infinity, candleStart: m.candles.last('1')?.start ?? -1 }));
    for (const t of this.tracks) {
      this.offs.push(t.m.onPublicTrade((tr) => this.trade(t, tr)));
    }
    markets.onTick((now) => this.tick(now));
  }

  private readonly depth: number;
  private readonly bookMs: number;
  private stopped = false;

  /** Stops writing (the writer is closed by its owner). */
  stop(): void {
    this.stopped = true;
    for (const off of this.offs) off();
  }

  private emit(e: RecordedEvent): void {
    this.out.write(this.encoder.line(e));
  }

  private trade(t: Track, tr: PublicTrade): void {
    if (this.stopped) return;
    this.emit({ kind: 't', ts: tr.ts, sym: t.sym, id: tr.id, price: tr.priceTicks, qty: tr.qtyLots, side: tr.side });
  }

  private tick(now: number): void {
    if (this.stopped) return;
    for (const t of this.tracks) {
      const c = t.m.candles.list('1');
      const last = c[c.length - 1];
      if (last && last.start !== t.candleStart) {
        if (t.candleStart >= 0) {
          const closed = findCandle(c, t.candleStart);
          if (closed) this.emit({ kind: 'k', ts: now, sym: t.sym, start: closed.start, open: closed.open, high: closed.high, low: closed.low, close: closed.close, volume: closed.volume });
        }
        t.candleStart = last.start;
      }
      if (now - t.lastAt < this.bookMs) continue;
      t.lastAt = now;
      if (t.m.engine.version === t.seenVersion) continue;
      t.seenVersion = t.m.engine.version;
      const { bids, asks } = t.m.engine.depth(this.depth);
      const b = diff(t.bids, bids);
      const a = diff(t.asks, asks);
      if (b.length > 0 || a.length > 0) this.emit({ kind: 'b', ts: now, sym: t.sym, bids: b, asks: a });
    }
  }
}

function findCandle<T extends { start: number }>(list: readonly T[], start: number): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.start === start) return list[i];
  return undefined;
}

/** Updates `window` to `next` and returns the changes flattened (size 0 = gone). */
function diff(window: Map<number, number>, next: ReadonlyArray<{ priceTicks: number; totalLots: number }>): Levels {
  const out: Levels = [];
  const seen = new Set<number>();
  for (const l of next) {
    seen.add(l.priceTicks);
    if (window.get(l.priceTicks) !== l.totalLots) {
      out.push(l.priceTicks, l.totalLots);
      window.set(l.priceTicks, l.totalLots);
    }
  }
  for (const p of window.keys()) {
    if (!seen.has(p)) {
      out.push(p, 0);
      window.delete(p);
    }
  }
  return out;
}

/** `--record FILE`: records the running markets until the server closes. */
export function startRecording(markets: Markets, path: string): { close(): Promise<void> } {
  const writer = new RecordingWriter(path);
  const rec = new MarketRecorder(markets, writer, { source: 'local exchange --record' });
  return {
    async close() {
      rec.stop();
      await writer.close();
    },
  };
}
