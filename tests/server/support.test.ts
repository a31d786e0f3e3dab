// Customer service on the exchange (spec 2.16): the FAQ, and tickets stored in SQLite.
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, startTestServer, type TestServer } from '../accounts/helpers.ts';
import { startTestExchange, type TestExchange } from './helpers.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange([], { accounts: true });
});
afterAll(() => ex.stop());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${ex.http}/api/support/ticket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ex.http, 'x-requested-with': 'spot-web', ...headers },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

describe('support', () => {
  test('the FAQ lists questions, answers and keywords', async () => {
    const r = (await (await fetch(`${ex.http}/api/support/faq`)).json()) as any;
    expect(r.success).toBe(true);
    expect(r.result.list.length).toBeGreaterThan(3);
    for (const e of r.result.list) expect(e).toEqual({ id: expect.any(String), question: expect.any(String), answer: expect.any(String), keywords: expect.any(Array) });
    expect(r.result.list.find((e: any) => e.id === 'fees').answer).toContain('0.1%');
  });

  test('a visitor’s ticket needs a valid address; a good one is stored and numbered', async () => {
    expect((await post({ subject: 'Hi', message: 'Help' })).body.message).toBe('an e-mail address to answer is required');
    expect((await post({ subject: 'Hi', message: 'Help', contact: 'nope' })).body.message).toBe('the e-mail address is not valid');
    expect((await post({ subject: '  ', message: 'Help', contact: 'a@b.co' })).status).toBe(400);
    expect((await post({ subject: 'x'.repeat(121), message: 'Help', contact: 'a@b.co' })).status).toBe(400);
    const ok = await post({ subject: 'Hi', message: 'Help', contact: 'a@b.co' });
    expect(ok.body).toMatchObject({ success: true, result: { ticketId: expect.any(Number), status: 'open' } });
    const next = await post({ subject: 'Again', message: 'Help', contact: 'a@b.co' });
    expect(next.body.result.ticketId).toBe(ok.body.result.ticketId + 1);
  });

  test('another origin cannot open one; a sender gets at most 5 an hour', async () => {
    expect((await post({ subject: 'Hi', message: 'x', contact: 'c@d.co' }, { origin: 'https://evil.example' })).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await post({ subject: `n${i}`, message: 'x', contact: 'limit@d.co' })).status).toBe(200);
    expect((await post({ subject: 'n6', message: 'x', contact: 'limit@d.co' })).status).toBe(429);
  });

  test('the ticket list is for logged-in users only', async () => {
    expect((await fetch(`${ex.http}/api/support/tickets`)).status).toBe(401);
  });
});

/** A JSON POST from another loopback address (127.0.0.x), as a second client would send it. */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const data = JSON.stringify(body);
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: u.origin, 'x-requested-with': 'spot-web', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

// Issue 30 item 3: 30 of 30 tickets were taken, the limit keyed on an e-mail the visitor chooses.
describe('ticket limits per client address and in total', () => {
  let lim: TestServer;
  beforeAll(async () => {
    lim = await startTestServer({ config: { limits: { ticket: { max: 3, windowMs: 3_600_000 }, 'ticket-total': { max: 5, windowMs: 86_400_000 } } } });
  });
  afterAll(async () => {
    await lim.stop();
    removeDir(lim.dataDir);
  });
  const stored = () => lim.db.prepare('SELECT contact FROM support_tickets ORDER BY id').all().map((r) => (r as { contact: string }).contact);

  test('a new e-mail each time does not get around the address’s limit; the total holds across addresses; refusals store nothing', async () => {
    const from = (ip: string, i: number) => postFrom(ip, `${lim.url}/api/support/ticket`, { subject: `s${i}`, message: 'help', contact: `visitor${i}@example.com` });
    for (let i = 0; i < 3; i++) expect((await from('127.0.0.1', i)).status).toBe(200);
    const here = await from('127.0.0.1', 3);
    expect(here.status).toBe(429);
    expect(here.body).toMatchObject({ success: false, code: 10006 });
    expect(here.body.message).toMatch(/^too many tickets from this address: at most 3 in 60 min; try again in \d+ min$/);
    expect(Number(here.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget, until everyone's together is spent.
    for (let i = 10; i < 12; i++) expect((await from('127.0.0.2', i)).status).toBe(200);
    const all = await from('127.0.0.3', 20);
    expect(all.status).toBe(429);
    expect(all.body.message).toMatch(/^too many tickets from everyone together: at most 5 in 1440 min; try again in \d+ min$/);
    // A form error still says what is wrong (it spends nothing).
    expect((await from('127.0.0.4', 30).then(() => postFrom('127.0.0.4', `${lim.url}/api/support/ticket`, { subject: 'x', message: 'y', contact: 'nope' }))).body.message).toBe('the e-mail address is not valid');
    expect(stored()).toEqual(['visitor0@example.com', 'visitor1@example.com', 'visitor2@example.com', 'visitor10@example.com', 'visitor11@example.com']);
  });
});
