// Customer service on the exchange (spec 2.16): the FAQ, and tickets stored in SQLite.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
