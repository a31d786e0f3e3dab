// The conventional main-thread feed both baselines use: one WebSocket, JSON.parse per message,
// the book kept as price-string maps and sorted when read. Nothing clever, on purpose.

export interface Level {
  price: string;
  size: string;
  /** Running total of sizes from the best level, in base units. */
  total: number;
}

export interface Trade {
  id: string;
  price: string;
  qty: string;
  time: number;
  buy: boolean;
}

export interface BookSnapshot {
  bids: Level[];
  asks: Level[];
  trades: Trade[];
}

export const SYMBOL = new URLSearchParams(location.search).get('symbol') ?? 'BTCUSDT';
export const MODE = new URLSearchParams(location.search).get('mode') === '4' ? 4 : 1;
/** Rows a side shows: mode 1 stacks 13 + 13, mode 4 puts 40 + 40 side by side (as our page does). */
export const ROWS = MODE === 4 ? 40 : 13;
export const TRADE_ROWS = 40;

interface WireBook {
  type: 'snapshot' | 'delta';
  data: { b: [string, string][]; a: [string, string][]; u: number };
}
interface WireTrade {
  data: Array<{ i: string; T: number; p: string; v: string; S: 'Buy' | 'Sell' }>;
}

/** Counters the bench reads through `window.__baseline`. */
export const stats = { messages: 0, bookMessages: 0, tradeMessages: 0, renders: 0 };
(globalThis as unknown as { __baseline: typeof stats }).__baseline = stats;

export class PlainBook {
  private bids = new Map<string, string>();
  private asks = new Map<string, string>();
  trades: Trade[] = [];

  applyBook(msg: WireBook): void {
    if (msg.type === 'snapshot') {
      this.bids.clear();
      this.asks.clear();
    }
    for (const [p, s] of msg.data.b) if (Number(s) === 0) this.bids.delete(p); else this.bids.set(p, s);
    for (const [p, s] of msg.data.a) if (Number(s) === 0) this.asks.delete(p); else this.asks.set(p, s);
  }

  applyTrades(msg: WireTrade): void {
    const fresh = msg.data.map((t) => ({ id: t.i, price: t.p, qty: t.v, time: t.T, buy: t.S === 'Buy' }));
    this.trades = fresh.reverse().concat(this.trades).slice(0, TRADE_ROWS);
  }

  private side(map: Map<string, string>, desc: boolean, n: number): Level[] {
    const prices = [...map.keys()].sort((a, b) => (desc ? Number(b) - Number(a) : Number(a) - Number(b))).slice(0, n);
    let total = 0;
    return prices.map((price) => {
      const size = map.get(price)!;
      total += Number(size);
      return { price, size, total };
    });
  }

  snapshot(): BookSnapshot {
    return { bids: this.side(this.bids, true, ROWS), asks: this.side(this.asks, false, ROWS), trades: this.trades };
  }
}

/** Connects to the exchange serving this page and calls `onMessage` after each message is applied. */
export function connect(book: PlainBook, onMessage: (kind: 'book' | 'trades') => void): WebSocket {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v5/public/spot`);
  ws.onopen = () => {
    ws.send(JSON.stringify({ op: 'subscribe', req_id: 'b1', args: [`orderbook.50.${SYMBOL}`, `publicTrade.${SYMBOL}`] }));
    setInterval(() => ws.send(JSON.stringify({ op: 'ping', req_id: 'p' })), 20_000);
  };
  ws.onmessage = (ev: MessageEvent<string>) => {
    const msg = JSON.parse(ev.data) as { topic?: string };
    if (!msg.topic) return;
    stats.messages++;
    if (msg.topic.startsWith('orderbook.')) {
      stats.bookMessages++;
      book.applyBook(msg as unknown as WireBook);
      onMessage('book');
    } else if (msg.topic.startsWith('publicTrade.')) {
      stats.tradeMessages++;
      book.applyTrades(msg as unknown as WireTrade);
      onMessage('trades');
    }
  };
  return ws;
}

export const formatTotal = (n: number) => n.toFixed(6);
export const maxTotal = (s: BookSnapshot) => Math.max(s.bids.at(-1)?.total ?? 0, s.asks.at(-1)?.total ?? 0) || 1;
