// The ticket form's error line (issue 30 item 3): the exchange's reason, or for a refusal for now
// (429, too many tickets) when to try again, from its Retry-After, in the page's language.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { TFunction } from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, requestJson } from '../../src/api/http.ts';
import { ticketErrorText } from '../../src/features/support-chat/ticket-error.ts';
import { ticketRefusal } from '../../src/state/account/support.ts';
import en from '../../public/locales/en/spotExchange.json';
import ja from '../../public/locales/ja/spotExchange.json';

const BASE = 'http://exchange.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A t() over one locale's support texts, filling {{placeholders}} as i18next does. */
const tOf = (texts: Record<string, string>) =>
  ((key: string, params: Record<string, unknown> = {}) => texts[key.replace(/^support\./, '')]!.replace(/\{\{(\w+)\}\}/g, (_m, p: string) => String(params[p]))) as unknown as TFunction;

async function failure(status: number, headers: Record<string, string>, message: string): Promise<unknown> {
  server.use(http.post(`${BASE}/api/support/ticket`, () => HttpResponse.json({ success: false, code: status === 429 ? 10006 : 10001, message }, { status, headers })));
  return requestJson(`${BASE}/api/support/ticket`, { method: 'POST', body: {} }).then(
    () => undefined,
    (err: unknown) => err,
  );
}

describe('ticket errors', () => {
  it('a 429 says when to try again, from Retry-After, in the page’s language', async () => {
    const err = await failure(429, { 'retry-after': '1500' }, 'too many tickets from this address: at most 10 in 60 min; try again in 25 min');
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).retryAfterMs).toBe(1_500_000);
    expect(ticketErrorText(ticketRefusal(err), tOf(en.support))).toBe('Too many tickets were sent recently. Try again in 25 min.');
    expect(ticketErrorText(ticketRefusal(err), tOf(ja.support))).toBe('最近送信されたお問い合わせが多すぎます。25 分後にもう一度お試しください。');
  });

  it('any other refusal shows the exchange’s reason', async () => {
    const err = await failure(400, {}, 'the e-mail address is not valid');
    expect((err as ApiError).retryAfterMs).toBeUndefined();
    expect(ticketErrorText(ticketRefusal(err), tOf(en.support))).toBe('The ticket was not sent: the e-mail address is not valid');
    // A 429 without a usable Retry-After keeps the reason too.
    const bare = await failure(429, { 'retry-after': 'soon' }, 'too many tickets');
    expect(ticketErrorText(ticketRefusal(bare), tOf(en.support))).toBe('The ticket was not sent: too many tickets');
  });
});
