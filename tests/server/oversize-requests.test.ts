// Oversize requests get the exchange's own answer, never a reset (issue 30 item 4): a request line
// or header block past Node's maxHeaderSize is 414 / 431, a body past the route's limit 413, on
// the main origin and through a route edge alike, and the connection is still usable afterwards.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RouteSet } from '../../server/net/route-set.ts';
import { parseRoutes } from '../../server/net/route-spec.ts';
import { startTestExchange, type TestExchange } from './helpers.ts';

/** Writes raw bytes, then resolves with everything the server sent until it closed (or an error's code). */
function raw(port: number, chunks: Array<string | Buffer>, untilResponses = 1): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    let text = '';
    const s = net.connect(port, '127.0.0.1', () => {
      for (const c of chunks) s.write(c);
    });
    s.on('data', (d) => {
      text += d.toString('latin1');
      // Enough answers with their whole bodies: done (the server may keep the connection open).
      const heads = text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
      if (heads.length >= untilResponses && /\r\n\r\n[\s\S]*\}$/.test(text)) s.end();
    });
    s.on('error', (e: NodeJS.ErrnoException) => resolve({ text, error: e.code ?? e.message }));
    s.on('close', () => resolve({ text }));
  });
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('oversize requests: the main origin and a route edge answer them', () => {
  let ex: TestExchange;
  let routes: RouteSet;
  const bases: Record<string, string> = {};

  beforeAll(async () => {
    ex = await startTestExchange([], { accounts: true });
    routes = await RouteSet.start({ host: '127.0.0.1' }, parseRoutes('edge'));
    routes.setTarget(ex.http);
    bases.main = ex.http;
    bases.edge = `http://127.0.0.1:${routes.edges[0]!.port}`;
  });
  afterAll(async () => {
    await routes.close();
    await ex.stop();
  });

  const portOf = (name: string) => Number(new URL(bases[name]!).port);

  test.each(['main', 'edge'])('%s: a 100 kB request line is 414 in the Bybit envelope', async (name) => {
    const r = await raw(portOf(name), [`GET /v5/market/time?x=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`]);
    expect(r.error).toBeUndefined();
    expect(statuses(r.text)).toEqual([414]);
    expect(r.text).toContain('"retCode":10001');
    const res = await fetch(`${bases[name]}/v5/market/time?x=${'a'.repeat(100_000)}`);
    expect(res.status).toBe(414);
    expect(((await res.json()) as { retMsg: string }).retMsg).toBe('request line too long');
  });

  test.each(['main', 'edge'])('%s: a 30 kB header is 431', async (name) => {
    const res = await fetch(`${bases[name]}/v5/market/time`, { headers: { 'x-big': 'a'.repeat(30_000) } });
    expect(res.status).toBe(431);
    expect(((await res.json()) as { retCode: number }).retCode).toBe(10001);
  });

  test.each(['main', 'edge'])('%s: a 1 MiB body is the route’s 413, every time, and the next request is served', async (name) => {
    const body = 'x'.repeat(1 << 20);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${bases[name]}/v5/order/create`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ retCode: 10001, retMsg: 'request body over 16384 bytes' });
    }
    // Sent as it goes (chunked, no length known ahead).
    const chunked = await fetch(`${bases[name]}/v5/order/create`, { method: 'POST', body: new Blob([body]).stream(), duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { retCode: number }).retCode).toBe(10001);
    expect((await fetch(`${bases[name]}/v5/market/time`)).status).toBe(200);
  });

  test.each(['main', 'edge'])('%s: after a 413 the same connection reads the rest of the body and serves the next request', async (name) => {
    const r = await raw(
      portOf(name),
      [
        `POST /v5/order/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${1 << 20}\r\n\r\n`,
        'x'.repeat(1 << 20),
        'GET /v5/market/time HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      ],
      2,
    );
    expect(r.error).toBeUndefined();
    expect(statuses(r.text)).toEqual([413, 200]);
  });
});
