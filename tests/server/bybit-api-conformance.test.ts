import { RestClientV5, WebsocketClient } from 'bybit-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

describe('conformance with the bybit-api package', () => {
  it('RestClientV5 reads market data', async () => {
    const rest = new RestClientV5({ baseUrl: ex.http });
    const time = await rest.getServerTime();
    expect(time.retCode).toBe(0);
    const ob = await rest.getOrderbook({ category: 'spot', symbol: 'BTCUSDT', limit: 5 });
    expect(ob.result.b).toHaveLength(5);
    const k = await rest.getKline({ category: 'spot', symbol: 'ETHUSDT', interval: '60', limit: 3 });
    expect(k.result.list).toHaveLength(3);
    const t = await rest.getPublicTradingHistory({ category: 'spot', symbol: 'BTCUSDT', limit: 1 });
    expect(t.retCode).toBe(0);
    const info = await rest.getInstrumentsInfo({ category: 'spot', symbol: 'BTCUSDT' });
    expect(info.result.list[0]!.symbol).toBe('BTCUSDT');
    const bad = await rest.getTickers({ category: 'spot', symbol: 'NOPE' });
    expect(bad.retCode).not.toBe(0);
  });

  it('WebsocketClient subscribes (promise resolved by the echoed req_id) and gets updates', async () => {
    const client = new WebsocketClient({ wsUrl: ex.ws });
    const updates: any[] = [];
    client.on('update', (m: any) => updates.push(m));
    try {
      await Promise.all(client.subscribeV5(['orderbook.50.BTCUSDT', 'publicTrade.BTCUSDT'], 'spot'));
      const deadline = Date.now() + 8000;
      while (Date.now() < deadline && !(updates.some((u) => u.type === 'delta') && updates.some((u) => u.topic === 'publicTrade.BTCUSDT'))) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(updates[0]).toMatchObject({ topic: 'orderbook.50.BTCUSDT', type: 'snapshot' });
      expect(updates.some((u) => u.type === 'delta')).toBe(true);
      expect(updates.some((u) => u.topic === 'publicTrade.BTCUSDT')).toBe(true);
    } finally {
      client.closeAll(true);
    }
  });
});
