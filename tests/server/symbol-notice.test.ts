import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { installSymbolNoticeRoute, SYMBOL_NOTICE_PATH } from '../../server/exchange/rest/symbol-notice-route.ts';
import { Markets } from '../../server/exchange/sim/markets.ts';
import { SYMBOL_BY_NAME } from '../../server/exchange/symbols.ts';
import { getJson, startTestExchange, type TestExchange } from './helpers.ts';
import { faults } from '../support/faults.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

const notice = (symbolId: string) => getJson(`${ex.http}${SYMBOL_NOTICE_PATH}?symbol_id=${encodeURIComponent(symbolId)}`);
const NEW_OPENS_IN_MS = SYMBOL_BY_NAME.get('NEWUSDT')!.opensInMs!;

/** No markup may reach the page through a notice: plain words and a same-origin path. */
function expectPlainNotice(r: { noticeContent: string; noticeLinkUrl: string }): void {
  expect(r.noticeContent).toMatch(/^[\w .,:/-]+$/);
  expect(r.noticeContent).not.toMatch(/[<>&"]/);
  expect(r.noticeLinkUrl).toMatch(/^\/[\w/-]+$/);
  // It resolves on this origin, never to another host.
  expect(new URL(r.noticeLinkUrl, ex.http).origin).toBe(new URL(ex.http).origin);
}

describe('GET /api/spot/symbol-notice', () => {
  it('counts down to a symbol that opens later', async () => {
    const before = Date.now();
    const r = await notice('NEWUSDT');
    expect(r).toMatchObject({ success: true, code: 0 });
    expect(Object.keys(r.result).sort()).toEqual(['noticeContent', 'noticeLinkUrl', 'noticeType', 'nowTime', 'onlineTime', 'symbolId']);
    expect(r.result).toMatchObject({ symbolId: 'NEWUSDT', noticeType: 1 });
    expect(r.result.nowTime).toBeGreaterThanOrEqual(before);
    expect(r.result.nowTime).toBeLessThanOrEqual(Date.now());
    expect(r.result.onlineTime).toBeGreaterThan(r.result.nowTime);
    // It opens when instruments-info says it launches, about opensInMs after the server started.
    const info = (await getJson(`${ex.http}/v5/market/instruments-info?category=spot&symbol=NEWUSDT`)).result.list[0];
    expect(r.result.onlineTime).toBe(Number(info.launchTime));
    expect(r.result.onlineTime - r.result.nowTime).toBeLessThanOrEqual(NEW_OPENS_IN_MS);
    expect(r.result.onlineTime - r.result.nowTime).toBeGreaterThan(NEW_OPENS_IN_MS - 60_000);
    expect(r.result.noticeContent).toContain('NEW/USDT');
    expectPlainNotice(r.result);
  });

  it('answers an open symbol with no countdown', async () => {
    const r = await notice('BTCUSDT');
    expect(r).toMatchObject({ success: true, code: 0, result: { symbolId: 'BTCUSDT', noticeType: 0 } });
    expect(r.result.onlineTime).toBeLessThanOrEqual(r.result.nowTime);
    expectPlainNotice(r.result);
  });

  it('refuses an unknown or missing symbol with code 10001 and HTTP 200', async () => {
    const res = await fetch(`${ex.http}${SYMBOL_NOTICE_PATH}?symbol_id=NOPEUSDT`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, code: 10001 });
    expect(typeof body.message).toBe('string');
    expect(body.result).toBeUndefined();
    expect(await notice('')).toMatchObject({ success: false, code: 10001 });
  });

  it('can be failed or delayed by the REST fault control', async () => {
    await faults(ex.http).rest({ path: SYMBOL_NOTICE_PATH, fail: { status: 503, retCode: 10016, retMsg: 'down' }, times: 1 });
    const failed = await fetch(`${ex.http}${SYMBOL_NOTICE_PATH}?symbol_id=NEWUSDT`);
    expect(failed.status).toBe(503);
    // The failure speaks the page envelope, so the page's own error path (spec 8) is what runs.
    expect(await failed.json()).toMatchObject({ success: false, code: 10016, message: 'down' });
    expect((await notice('NEWUSDT')).success).toBe(true);

    await faults(ex.http).rest({ path: SYMBOL_NOTICE_PATH, delayMs: 300, times: 1 });
    const t0 = Date.now();
    const late = await notice('NEWUSDT');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(late.success).toBe(true);
  });

  it('stops counting down once the open time has passed', async () => {
    // A server that started longer ago than NEWUSDT's delay: the symbol is open by now.
    const markets = new Markets({ rate: 0, stress: false, autoStart: false, startTime: Date.now() - NEW_OPENS_IN_MS - 1000 });
    const config = parseConfig(['--port', '0', '--quiet'], {});
    const server = await startServer(config, [(ctx) => installSymbolNoticeRoute(ctx.router, markets)]);
    try {
      const r = await getJson(`${server.url}${SYMBOL_NOTICE_PATH.slice(1)}?symbol_id=NEWUSDT`);
      expect(r).toMatchObject({ success: true, code: 0, result: { symbolId: 'NEWUSDT', noticeType: 0 } });
      expect(r.result.onlineTime).toBe(markets.startTime + NEW_OPENS_IN_MS);
      expect(r.result.onlineTime).toBeLessThanOrEqual(r.result.nowTime);
    } finally {
      await server.close();
    }
  });
});
