// The quality collector is bounded (issue 30 item 1): 60 anonymous uploads from any web page stored
// 37,260 rows and nothing ever deleted them. Now: only the page's uploads (same origin, its device
// id's form), a budget per address and per device, a row cap per device (oldest dropped), and rows
// older than the retention window deleted; the report page and /faults/net-quality still work.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { composeServer } from '../../server/compose.ts';
import { parseConfig } from '../../server/config.ts';
import { installExchange } from '../../server/exchange/install.ts';
import { RouteSet } from '../../server/net/route-set.ts';
import { QUALITY_PATH, QUALITY_REPORT_PATH, type QualitySecond } from '../../src/protocol/net-accel.ts';
import { faults } from '../support/faults.ts';

interface Collector {
  url: string;
  routes: RouteSet;
  stop(): Promise<void>;
}

/** The exchange as main.ts starts it (the collector lives with the route set), with these flags. */
async function startCollector(flags: string[]): Promise<Collector> {
  const dir = mkdtempSync(join(tmpdir(), 'net-quality-'));
  const config = parseConfig(['--port', '0', '--data', dir, '--faults', '--quiet', '--rate', '0', '--routes', 'none', ...flags], {});
  const routes = await RouteSet.start(config, []);
  const running: RunningServer = await startServer(config, [installExchange, composeServer({ onReady: ({ db }) => (routes.db = db) }), routes.install]);
  return {
    url: running.url.replace(/\/$/, ''),
    routes,
    async stop() {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A POST from a loopback address of the test's choosing (127.0.0.x): each its own client. */
function post(base: string, path: string, body: string, opts: { from?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; retryAfter?: string; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(`${base}${path}`);
    const req = request(
      {
        host: u.hostname, port: u.port, path: u.pathname, method: 'POST', localAddress: opts.from ?? '127.0.0.1',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** As the page sends it (src/api/http.ts): JSON, X-Requested-With, its own Origin. */
const PAGE = (base: string) => ({ origin: base, 'x-requested-with': 'spot-web' });
const seconds = (from: number, n: number): QualitySecond[] => Array.from({ length: n }, (_, i) => ({ kind: 'cdn', second: from + i, send: 2, recv: 2, timeout: 0, error: 0, cost: 80, bad: 0 }));
const upload = (c: Collector, deviceId: string, n = 10, from = '127.0.0.1', first = 1_800_000_000) =>
  post(c.url, QUALITY_PATH, JSON.stringify({ deviceId, seconds: seconds(first, n), stayMs: 1000, totalMs: 2000, sockets: [{ stream: 'public', kind: 'openFailures', count: 3, lastCode: 4998 }] }), { from, headers: PAGE(c.url) });
const readBack = async (c: Collector, deviceId: string) =>
  (await faults(c.url).netQuality({ deviceId })) as {
    totals: Array<{ kind: string; rows: number; send: number }>; stayUploads: number; lastStay: unknown; sockets: unknown[]; events: unknown[];
  };

describe('who may upload, and how often', () => {
  let c: Collector;
  beforeAll(async () => {
    c = await startCollector(['--limits', 'quality=3/1m,quality-ip=5/1m', '--quality-rows', '25']);
  });
  afterAll(() => c.stop());

  test('the stay report keeps end_time, cur_duration, stay_duration and total_duration (spec 3)', async () => {
    const body = { deviceId: 'staydevice1', stayMs: 40_000, totalMs: 90_000, curMs: 12_000, endTime: 1_800_000_123_456 };
    expect((await post(c.url, QUALITY_PATH, JSON.stringify(body), { from: '127.0.0.7', headers: PAGE(c.url) })).status).toBe(200);
    expect((await readBack(c, 'staydevice1')).lastStay).toEqual({ endTime: 1_800_000_123_456, curMs: 12_000, stayMs: 40_000, totalMs: 90_000 });
    const negative = await post(c.url, QUALITY_PATH, JSON.stringify({ ...body, curMs: -1 }), { from: '127.0.0.7', headers: PAGE(c.url) });
    expect(negative.status).toBe(400);
  });

  test('monitoring events (spec 7.6) are stored as sent; an unknown event type is refused', async () => {
    const events = [
      { type: 'httpException', at: 1_800_000_000_001, detail: 'cdn: HTTP 502' },
      { type: 'linksException', at: 1_800_000_000_002, detail: 'h3 probe: Failed to fetch' },
      { type: 'whitelist', at: 1_800_000_000_003, detail: 'whitelisted' },
      { type: 'sdkerror', at: 1_800_000_000_004, detail: 'bad config' },
      { type: 'detectQuality', at: 1_800_000_000_005, detail: 'cdn protocol: h3' },
      { type: 'netstatus', at: 1_800_000_000_006, detail: 'offline' },
    ];
    expect((await post(c.url, QUALITY_PATH, JSON.stringify({ deviceId: 'eventdevice1', events }), { from: '127.0.0.6', headers: PAGE(c.url) })).status).toBe(200);
    expect((await readBack(c, 'eventdevice1')).events).toEqual(events);
    const unknown = await post(c.url, QUALITY_PATH, JSON.stringify({ deviceId: 'eventdevice1', events: [{ type: 'made-up', at: 1, detail: '' }] }), { from: '127.0.0.6', headers: PAGE(c.url) });
    expect(unknown.status).toBe(400);
  });

  test('another site’s page cannot upload (no Origin of ours, no X-Requested-With, or a cross-site fetch)', async () => {
    const body = JSON.stringify({ deviceId: 'abcdefgh1234', seconds: seconds(1_800_000_000, 5) });
    const cases: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, {}, { 'content-type': 'text/plain', origin: 'null' }, { 'sec-fetch-site': 'cross-site', 'x-requested-with': 'x' }];
    for (const headers of cases) {
      const r = await post(c.url, QUALITY_PATH, body, { from: '127.0.0.9', headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body).toMatchObject({ success: false, code: 10005 });
    }
    expect((await readBack(c, 'abcdefgh1234')).totals).toEqual([]);
  });

  test.each(['X', 'ABCDEFGH1234', 'abc', 'device id 1', '../../etc', 'a'.repeat(41), ''])('a device id not of the page’s form (%j) is refused', async (deviceId) => {
    const r = await post(c.url, QUALITY_PATH, JSON.stringify({ deviceId, seconds: seconds(1_800_000_000, 1) }), { from: '127.0.0.8', headers: PAGE(c.url) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 10001 });
    expect(r.body.message).toContain("the page's device id");
  });

  test('a device gets its budget, then 429 with when to retry; an address its own, across devices', async () => {
    for (let i = 0; i < 3; i++) expect((await upload(c, 'devone0001', 5, '127.0.0.2')).status).toBe(200);
    const device = await upload(c, 'devone0001', 5, '127.0.0.2');
    expect(device.status).toBe(429);
    expect(device.body).toMatchObject({ success: false, code: 10006 });
    expect(device.body.message).toMatch(/at most 3 quality uploads per 60 s from this device/);
    expect(Number(device.retryAfter)).toBeGreaterThan(0);
    // Another device from that address: 5 tries in all (the refused one counts), then the address is over its budget.
    expect((await upload(c, 'devtwo0001', 5, '127.0.0.2')).status).toBe(200);
    const address = await upload(c, 'devthree01', 5, '127.0.0.2');
    expect(address.status).toBe(429);
    expect(address.body.message).toMatch(/at most 5 quality uploads per 60 s from this address/);
    // Refused uploads stored nothing.
    expect((await readBack(c, 'devone0001')).totals).toEqual([expect.objectContaining({ kind: 'cdn', rows: 15 })]);
    expect((await readBack(c, 'devthree01')).totals).toEqual([]);
  });

  test('a device keeps at most its cap of rows, the oldest dropped; the report page plots what is kept', async () => {
    for (let i = 0; i < 3; i++) expect((await upload(c, 'capdevice1', 10, '127.0.0.3', 1_800_000_000 + i * 10)).status).toBe(200);
    const back = await readBack(c, 'capdevice1');
    expect(back.totals).toEqual([expect.objectContaining({ kind: 'cdn', rows: 25, send: 50 })]);
    expect(back.stayUploads).toBe(3);
    expect(back.sockets).toHaveLength(3);
    // The newest 25 of its 30 seconds.
    expect(c.routes.db!.prepare(`SELECT MIN(second) lo, MAX(second) hi FROM net_quality WHERE device_id = 'capdevice1'`).get()).toEqual({ lo: 1_800_000_005, hi: 1_800_000_029 });
    const report = await (await fetch(`${c.url}${QUALITY_REPORT_PATH}?device_id=capdevice1`)).text();
    expect(report).toContain('<svg');
    expect(report).toContain('sent 50, received 50');
  });
});

describe('retention', () => {
  let c: Collector;
  beforeAll(async () => {
    c = await startCollector(['--quality-retention', '300ms']);
  });
  afterAll(() => c.stop());

  test('rows older than the retention window are deleted, uploads or not', async () => {
    expect((await upload(c, 'olddevice1', 20)).status).toBe(200);
    expect((await readBack(c, 'olddevice1')).totals).toEqual([expect.objectContaining({ rows: 20 })]);
    await expect.poll(async () => readBack(c, 'olddevice1'), { timeout: 5000, interval: 100 }).toMatchObject({ totals: [], stayUploads: 0, sockets: [] });
    expect(await (await fetch(`${c.url}${QUALITY_REPORT_PATH}?device_id=olddevice1`)).text()).toContain('No uploads.');
    // A new upload is kept (for its own 300 ms).
    expect((await upload(c, 'newdevice1', 5)).status).toBe(200);
    expect((await readBack(c, 'newdevice1')).totals).toEqual([expect.objectContaining({ rows: 5 })]);
  });
});
