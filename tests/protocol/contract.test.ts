// The contract between the exchange and the page: every public and private message the local
// exchange encodes (src/protocol/bybit-v5/ encoders, driven by the simulator and the private
// service) goes through the page's decoders from the same modules, and must decode whole and say
// what the exchange said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseScale, decimalPlaces } from '../../src/core/decimal.ts';
import { decodeInstrument } from '../../src/protocol/bybit-v5/instrument.ts';
import { decodeCandle, decodeKlineRow, type KlineRowWire, type KlineWire } from '../../src/protocol/bybit-v5/kline.ts';
import { decodeOpAck, opFrame } from '../../src/protocol/bybit-v5/ops.ts';
import { BybitOrderbookDecoder, type BybitOrderbookWire } from '../../src/protocol/bybit-v5/orderbook.ts';
import { decodeOrder } from '../../src/protocol/bybit-v5/order.ts';
import { decodePrivateMessage, subscribeFrame, type PrivateEvent } from '../../src/protocol/bybit-v5/private.ts';
import { decodeTrades, type PublicTradeWire } from '../../src/protocol/bybit-v5/public-trade.ts';
import { decodeTicker, type TickerWire } from '../../src/protocol/bybit-v5/ticker.ts';
import { klineTopic, orderbookTopic, publicTradeTopic, tickersTopic, parseTopic, ACCOUNT_TOPICS } from '../../src/protocol/bybit-v5/topics.ts';
import { signWsAuth } from '../../server/auth/hmac.ts';
import { SYMBOLS } from '../../server/exchange/symbols.ts';
import { ALICE, BOB, removeDir, signed, startTestServer, type TestServer } from '../accounts/helpers.ts';
import { startTestExchange, type TestExchange } from '../server/helpers.ts';

/** A socket that keeps every text frame it gets, raw, as the page's socket would see it. */
async function rawSocket(url: string): Promise<{ ws: WebSocket; texts: string[]; until: (pred: () => boolean, ms?: number) => Promise<void> }> {
  const ws = new WebSocket(url);
  const texts: string[] = [];
  ws.on('message', (d) => texts.push(String(d)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const until = async (pred: () => boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out; got ${texts.length} frames`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, texts, until };
}

describe('public stream: the simulator\'s messages through the page\'s decoders', () => {
  let ex: TestExchange;
  beforeAll(async () => {
    ex = await startTestExchange();
  });
  afterAll(async () => {
    await ex.stop();
  });

  it('orderbook (1 and 50), publicTrade, tickers and kline all decode whole, and acks read as acks', async () => {
    const def = SYMBOLS.find((s) => s.symbol === 'BTCUSDT')!;
    const scales = { tick: parseScale(def.tickSize)!, sizeDecimals: decimalPlaces(def.lotSize) };
    const topics = [orderbookTopic(50, def.symbol), orderbookTopic(1, def.symbol), publicTradeTopic(def.symbol), tickersTopic(def.symbol), klineTopic('1s', def.symbol)];
    const sock = await rawSocket(ex.ws);
    sock.ws.send(opFrame('subscribe', topics, 's1'));
    const seen = new Map<string, number>();
    const parsed = () => sock.texts.map((t) => JSON.parse(t) as Record<string, unknown>);
    await sock.until(() => {
      for (const name of topics) seen.set(name, 0);
      for (const m of parsed()) if (typeof m.topic === 'string') seen.set(m.topic, (seen.get(m.topic) ?? 0) + 1);
      return topics.every((name) => (seen.get(name) ?? 0) >= (name.startsWith('orderbook.50') ? 3 : 1));
    });
    sock.ws.close();

    const books = new Map(topics.filter((t) => t.startsWith('orderbook')).map((t) => [t, new BybitOrderbookDecoder(scales, def.symbol)]));
    let acks = 0;
    for (const text of sock.texts) {
      const m = JSON.parse(text) as Record<string, unknown>;
      if (typeof m.topic !== 'string') {
        expect(decodeOpAck(m)).toEqual({ op: 'subscribe', success: true, message: 'subscribe', reqId: 's1' });
        acks++;
        continue;
      }
      const kind = parseTopic(m.topic)?.kind;
      if (kind === 'orderbook') {
        const batch = books.get(m.topic)!.decode(text);
        expect(batch, books.get(m.topic)!.lastDrop ?? '').not.toBeNull();
        const data = (m as unknown as BybitOrderbookWire).data;
        expect(batch!.u).toBe(data.u);
        expect(batch!.bids.length).toBe(data.b.length * 2);
        expect(batch!.asks.length).toBe(data.a.length * 2);
      } else if (kind === 'publicTrade') {
        const rows = decodeTrades(m.data, def.symbol);
        expect(rows).not.toBeNull();
        const data = (m as unknown as PublicTradeWire).data;
        expect(rows!.map((r) => [r.id, r.price, r.qty, r.buy])).toEqual(data.map((t) => [t.i, t.p, t.v, t.S === 'Buy']));
      } else if (kind === 'tickers') {
        const row = decodeTicker(m.data, m.ts, def.symbol);
        expect(row).not.toBeNull();
        expect(row!.lastPrice).toBe((m as unknown as TickerWire).data.lastPrice);
      } else if (kind === 'kline') {
        const c = decodeCandle(m.data);
        expect(c).not.toBeNull();
        expect(c!.close).toBe((m as unknown as KlineWire).data.at(-1)!.close);
      } else {
        throw new Error(`unexpected topic ${m.topic}`);
      }
    }
    expect(acks).toBe(1);
    for (const d of books.values()) expect(d.totalDropped()).toBe(0);
  });

  it('REST instruments and kline rows decode whole, to the symbol table and the candles the stream shows', async () => {
    const instruments = (await (await fetch(`${ex.http}/v5/market/instruments-info?category=spot`)).json()) as { result: { list: unknown[] } };
    const symbols = instruments.result.list.map(decodeInstrument);
    expect(symbols.length).toBeGreaterThanOrEqual(SYMBOLS.length);
    for (const def of SYMBOLS) {
      expect(symbols.find((x) => x?.symbolId === def.symbol)).toMatchObject({ tickSize: def.tickSize, lotSize: def.lotSize, baseTokenName: def.base, quoteTokenName: def.quote });
    }
    // marginTrading (utaOnly where the pool lends both coins, else none) reads as the pair's margin flag.
    expect(symbols.filter((x) => x?.margin).map((x) => x!.symbolId).sort()).toEqual(['BTCUSDT', 'ETHBTC', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
    const kline = (await (await fetch(`${ex.http}/v5/market/kline?category=spot&symbol=BTCUSDT&interval=1&limit=50`)).json()) as { result: { list: KlineRowWire[] } };
    expect(kline.result.list.length).toBeGreaterThan(0);
    for (const row of kline.result.list) {
      const c = decodeKlineRow(row);
      expect(c, row.join(',')).not.toBeNull();
      expect([String(c!.start), c!.open, c!.high, c!.low, c!.close, c!.volume]).toEqual(row.slice(0, 6));
    }
  });
});

describe('private stream and lists: the private service\'s messages through the page\'s decoders', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dataDir);
  });

  it('order, execution and wallet pushes, the op acks and the REST order list decode to what the exchange did', async () => {
    const sock = await rawSocket(`${s.url.replace('http', 'ws')}/v5/private`);
    const expires = Date.now() + 10_000;
    sock.ws.send(JSON.stringify({ op: 'auth', args: [ALICE.key, expires, signWsAuth(ALICE.secret, expires)], req_id: 'a1' }));
    await sock.until(() => sock.texts.length >= 1);
    sock.ws.send(subscribeFrame('uta', 'sub-1'));
    await sock.until(() => sock.texts.length >= 2);
    sock.ws.send(JSON.stringify({ op: 'ping', req_id: 'p1' }));
    await sock.until(() => sock.texts.length >= 3);

    const create = (who: typeof ALICE, body: Record<string, unknown>) => signed(s.url, who, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', ...body });
    const sell = await create(BOB, { side: 'Sell', orderType: 'Limit', qty: '0.5', price: '97000' });
    const buy = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.2', price: '97500', orderLinkId: 'contract-1' });
    const rest = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.1', price: '90000' });
    expect([sell.body.retCode, buy.body.retCode, rest.body.retCode]).toEqual([0, 0, 0]);
    const events = () => sock.texts.map((t) => decodePrivateMessage(t, 'uta')).filter((e): e is PrivateEvent => e !== null);
    await sock.until(() => {
      const ev = events();
      return ev.some((e) => e.type === 'executions') && ev.some((e) => e.type === 'wallet') && ev.some((e) => e.type === 'orders' && e.orders.some((o) => o.orderId === rest.body.result.orderId));
    });
    sock.ws.close();

    // Every frame decodes to something the page uses, except the pong.
    const decoded = sock.texts.map((t) => decodePrivateMessage(t, 'uta'));
    expect(decoded.filter((e) => e === null)).toHaveLength(1);
    expect(JSON.parse(sock.texts[decoded.indexOf(null)]!)).toMatchObject({ op: 'pong', req_id: 'p1' });
    const ev = decoded.filter((e): e is PrivateEvent => e !== null);
    expect(ev.slice(0, 2)).toEqual([
      { type: 'ack', op: 'auth', success: true, message: '', reqId: 'a1' },
      { type: 'ack', op: 'subscribe', success: true, message: '', reqId: 'sub-1' },
    ]);
    for (const text of sock.texts.slice(3)) {
      const topic = (JSON.parse(text) as { topic: string }).topic;
      expect(ACCOUNT_TOPICS.uta).toContain(topic);
    }

    const orders = ev.flatMap((e) => (e.type === 'orders' ? e.orders : []));
    const filled = orders.filter((o) => o.orderId === buy.body.result.orderId);
    expect(filled.at(-1)).toMatchObject({ clientOrderId: 'contract-1', symbolId: 'BTCUSDT', side: 'Buy', type: 'LIMIT', planType: 0, status: 'FILLED', executedQty: '0.200000', avgPrice: '97000' });
    expect(orders.find((o) => o.orderId === rest.body.result.orderId)).toMatchObject({ status: 'NEW', price: '90000.00', origQty: '0.100000', executedQty: '0.000000' });

    const execs = ev.flatMap((e) => (e.type === 'executions' ? e.executions : []));
    expect(execs).toHaveLength(1);
    expect(execs[0]).toMatchObject({ orderId: buy.body.result.orderId, symbolId: 'BTCUSDT', side: 'Buy', execPrice: '97000', execQty: '0.2', execFee: '0.0002', feeCurrency: 'BTC', isMaker: false });

    const wallet = ev.filter((e) => e.type === 'wallet').at(-1);
    if (wallet?.type !== 'wallet') throw new Error('no wallet push');
    const usdt = wallet.balances.find((b) => b.tokenId === 'USDT')!;
    // 100000 − 19400 paid − 9000 locked for the resting buy.
    expect(usdt).toMatchObject({ free: '71600', locked: '9000', total: '80600' });

    // The REST list shares the push's keys: the same decoder reads it, to the same order.
    const list = await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', symbol: 'BTCUSDT' });
    const fromList = (list.body.result.list as unknown[]).map((raw) => decodeOrder(raw, 'uta'));
    expect(fromList).toEqual([orders.find((o) => o.orderId === rest.body.result.orderId)]);
  });
});
