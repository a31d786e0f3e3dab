// The market recording format (issue 36 item 4): gzip'd text, one line per event.
//
//   line 1   {"format":"spot-market-recording","version":1,"startTime":…,"depth":200,"symbols":[…]}
//   then     <dt> <kind> <symbol index> <fields…>
//
// `dt` is the event's time in ms after the previous event (the first: after startTime), so a line
// is short and the file needs no absolute times. Kinds, all in integer ticks and lots:
//   b  book change of the top `depth` levels:  b <sym> <bids> <asks>, each side "-" or
//      price:size,price:size… in rising price, each price after the first written as its step
//      from the one before (size 0: the level left the window); the first b of a symbol is its
//      whole window
//   t  trade:  t <sym> <trade id> <price> <size> <B|S>  (the taker's side); the id "+" is the
//      symbol's previous trade id plus one
//   k  a closed 1-minute candle as the exchange had it:  k <sym> <start> <open> <high> <low> <close> <volume>
// Tickers are not stored: the exchange derives them from the candles the trades make, as it does live.
// A file cut short (a recorder killed mid-write) reads up to its last whole line and says so.
import { gunzipSync, constants as zc } from 'node:zlib';

export const RECORDING_FORMAT = 'spot-market-recording';
export const RECORDING_VERSION = 1;

export interface RecordingHeader {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: number;
  /** Session start, epoch ms: the simulator's start time (its candle history ends here). */
  readonly startTime: number;
  /** Levels per side the book changes cover. */
  readonly depth: number;
  readonly symbols: readonly string[];
  /** What made it (free text: the generator and its seed). */
  readonly source?: string;
}

/** [priceTicks, lots] pairs flattened: p0, q0, p1, q1, … */
export type Levels = number[];

export type RecordedEvent =
  | { readonly kind: 'b'; readonly ts: number; readonly sym: number; readonly bids: Levels; readonly asks: Levels }
  | { readonly kind: 't'; readonly ts: number; readonly sym: number; readonly id: string; readonly price: number; readonly qty: number; readonly side: 'Buy' | 'Sell' }
  | { readonly kind: 'k'; readonly ts: number; readonly sym: number; readonly start: number; readonly open: number; readonly high: number; readonly low: number; readonly close: number; readonly volume: number };

export interface Recording {
  readonly header: RecordingHeader;
  readonly events: readonly RecordedEvent[];
  /** Time of the last event (startTime when there is none). */
  readonly endTime: number;
  /** The file ended inside a line or inside the compressed stream: what came before is kept. */
  readonly truncated: boolean;
}

/** A recording that cannot be read: the message names the file and, where it applies, the line. */
export class RecordingError extends Error {
  override readonly name = 'RecordingError';
}

/** Writes a header line. */
export function headerLine(h: RecordingHeader): string {
  return `${JSON.stringify(h)}\n`;
}

function levelsText(l: Levels): string {
  if (l.length === 0) return '-';
  const order: number[] = [];
  for (let i = 0; i < l.length; i += 2) order.push(i);
  order.sort((a, b) => l[a]! - l[b]!);
  const parts: string[] = [];
  let prev = 0;
  for (const i of order) {
    parts.push(`${l[i]! - prev}:${l[i + 1]}`);
    prev = l[i]!;
  }
  return parts.join(',');
}

/** The id after `id` (digits), keeping its length; undefined when it is not all digits. */
function nextId(id: string): string | undefined {
  if (!/^\d{1,40}$/.test(id)) return undefined;
  return (BigInt(id) + 1n).toString().padStart(id.length, '0');
}

/**
 * Writes events as lines: the times as steps from the one before and each symbol's trade ids
 * against its previous one, so a writer is one per file.
 */
export class EventEncoder {
  private lastTs: number;
  private readonly lastIds = new Map<number, string>();

  constructor(startTime: number) {
    this.lastTs = startTime;
  }

  /** One event as a line (an event earlier than the one before is written at that one's time). */
  line(e: RecordedEvent): string {
    const ts = Math.max(e.ts, this.lastTs);
    const dt = ts - this.lastTs;
    this.lastTs = ts;
    return eventLine(e, dt, e.kind === 't' ? this.idText(e.sym, e.id) : '');
  }

  private idText(sym: number, id: string): string {
    const prev = this.lastIds.get(sym);
    this.lastIds.set(sym, id);
    return prev !== undefined && nextId(prev) === id ? '+' : id;
  }
}

/** One event as a line, `dt` after the previous one (`idText`: a trade's id as written). */
export function eventLine(e: RecordedEvent, dt: number, idText = ''): string {
  switch (e.kind) {
    case 'b':
      return `${dt} b ${e.sym} ${levelsText(e.bids)} ${levelsText(e.asks)}\n`;
    case 't':
      return `${dt} t ${e.sym} ${idText || e.id} ${e.price} ${e.qty} ${e.side === 'Buy' ? 'B' : 'S'}\n`;
    case 'k':
      return `${dt} k ${e.sym} ${e.start} ${e.open} ${e.high} ${e.low} ${e.close} ${e.volume}\n`;
  }
}

const INT_RE = /^\d{1,16}$/;

/** Decompresses (gzip or plain text), then parses; `name` is what errors call the file. */
export function parseRecording(bytes: Uint8Array, name = 'recording'): Recording {
  let text: string;
  let truncated = false;
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      text = gunzipSync(bytes).toString('utf8');
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'Z_BUF_ERROR') throw new RecordingError(`${name}: the compressed data is corrupt (${(err as Error).message})`);
      // Cut short: take what inflates.
      try {
        text = gunzipSync(bytes, { finishFlush: zc.Z_SYNC_FLUSH }).toString('utf8');
      } catch (err2) {
        throw new RecordingError(`${name}: the compressed data is corrupt (${(err2 as Error).message})`);
      }
      truncated = true;
    }
  } else {
    text = Buffer.from(bytes).toString('utf8');
  }
  if (!text.endsWith('\n')) {
    // The last line is incomplete: drop it.
    const cut = text.lastIndexOf('\n');
    text = cut < 0 ? '' : text.slice(0, cut + 1);
    truncated = true;
  }
  const lines = text.split('\n');
  lines.pop();
  if (lines.length === 0) throw new RecordingError(`${name}: empty, or cut off before its header line`);
  const header = parseHeader(lines[0]!, name);
  const events: RecordedEvent[] = [];
  let ts = header.startTime;
  const lastIds = new Map<number, string>();
  for (let i = 1; i < lines.length; i++) {
    const e = parseEvent(lines[i]!, ts, header.symbols.length, `${name}: line ${i + 1}`, lastIds);
    ts = e.ts;
    events.push(e);
  }
  return { header, events, endTime: ts, truncated };
}

function parseHeader(line: string, name: string): RecordingHeader {
  let h: unknown;
  try {
    h = JSON.parse(line);
  } catch {
    throw new RecordingError(`${name}: not a market recording (the first line is not its JSON header)`);
  }
  const o = h as Partial<RecordingHeader> | null;
  if (!o || typeof o !== 'object' || o.format !== RECORDING_FORMAT) throw new RecordingError(`${name}: not a market recording (format is not "${RECORDING_FORMAT}")`);
  if (o.version !== RECORDING_VERSION) throw new RecordingError(`${name}: recording version ${String(o.version)} is not supported (this exchange reads version ${RECORDING_VERSION})`);
  if (!Number.isSafeInteger(o.startTime) || (o.startTime as number) < 0) throw new RecordingError(`${name}: header: bad startTime`);
  if (!Number.isInteger(o.depth) || (o.depth as number) < 1 || (o.depth as number) > 1000) throw new RecordingError(`${name}: header: bad depth`);
  if (!Array.isArray(o.symbols) || o.symbols.length === 0 || !o.symbols.every((s) => typeof s === 'string' && /^[A-Z0-9]{2,32}$/.test(s))) {
    throw new RecordingError(`${name}: header: bad symbols`);
  }
  return o as RecordingHeader;
}

function int(s: string | undefined, where: string, what: string): number {
  if (s === undefined || !INT_RE.test(s)) throw new RecordingError(`${where}: bad ${what}: ${JSON.stringify(s ?? '')}`);
  return Number(s);
}

function parseLevels(s: string | undefined, where: string, side: string): Levels {
  if (s === '-') return [];
  if (s === undefined || s === '') throw new RecordingError(`${where}: missing ${side}`);
  const out: Levels = [];
  let price = 0;
  for (const pair of s.split(',')) {
    const c = pair.indexOf(':');
    if (c < 0) throw new RecordingError(`${where}: bad ${side} level: ${JSON.stringify(pair)}`);
    price += int(pair.slice(0, c), where, `${side} price`);
    if (!Number.isSafeInteger(price)) throw new RecordingError(`${where}: ${side} price out of range`);
    out.push(price, int(pair.slice(c + 1), where, `${side} size`));
  }
  return out;
}

function parseEvent(line: string, prevTs: number, symbols: number, where: string, lastIds: Map<number, string>): RecordedEvent {
  const f = line.split(' ');
  const ts = prevTs + int(f[0], where, 'time step');
  const kind = f[1];
  const sym = int(f[2], where, 'symbol index');
  if (sym >= symbols) throw new RecordingError(`${where}: symbol index ${sym} is not in the header`);
  switch (kind) {
    case 'b':
      if (f.length !== 5) throw new RecordingError(`${where}: a book change has 5 fields, this line ${f.length}`);
      return { kind, ts, sym, bids: parseLevels(f[3], where, 'bids'), asks: parseLevels(f[4], where, 'asks') };
    case 't': {
      if (f.length !== 7 || (f[6] !== 'B' && f[6] !== 'S')) throw new RecordingError(`${where}: a trade is "dt t sym id price size B|S"`);
      let id = f[3]!;
      if (id === '+') {
        const prev = lastIds.get(sym);
        const next = prev === undefined ? undefined : nextId(prev);
        if (next === undefined) throw new RecordingError(`${where}: trade id "+" without a numeric trade id before it`);
        id = next;
      } else if (!/^[0-9A-Za-z:-]{1,40}$/.test(id)) {
        throw new RecordingError(`${where}: bad trade id`);
      }
      lastIds.set(sym, id);
      return { kind, ts, sym, id, price: int(f[4], where, 'price'), qty: int(f[5], where, 'size'), side: f[6] === 'B' ? 'Buy' : 'Sell' };
    }
    case 'k':
      if (f.length !== 9) throw new RecordingError(`${where}: a candle has 9 fields, this line ${f.length}`);
      return {
        kind, ts, sym, start: int(f[3], where, 'candle start'), open: int(f[4], where, 'open'), high: int(f[5], where, 'high'),
        low: int(f[6], where, 'low'), close: int(f[7], where, 'close'), volume: int(f[8], where, 'volume'),
      };
    default:
      throw new RecordingError(`${where}: unknown event kind ${JSON.stringify(kind ?? '')}`);
  }
}
