import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { signRest, signWsAuth } from '../../server/auth/hmac.ts';
import { verifyApiKeyRequest } from '../../server/auth/api-key.ts';
import { ApiError } from '../../server/auth/errors.ts';

interface Vector {
  kind: string;
  apiKey: string;
  secret: string;
  timestamp?: string;
  recvWindow?: string;
  payload?: string;
  expires?: number;
  'X-BAPI-SIGN'?: string;
  signature?: string;
}
const vectors = (JSON.parse(readFileSync(new URL('./fixtures/sign-vectors.json', import.meta.url), 'utf8')) as { vectors: Vector[] }).vectors;
const rest = vectors.filter((v) => v['X-BAPI-SIGN']);
const ws = vectors.filter((v) => v.signature);

function fakeReq(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof ApiError) return err.retCode;
    throw err;
  }
}

describe('signature vectors (sign_vectors.json)', () => {
  test('there are REST and WS vectors to check', () => {
    expect(rest.length).toBeGreaterThanOrEqual(3);
    expect(ws.length).toBeGreaterThanOrEqual(1);
  });

  test.each(rest.map((v) => [v.kind, v] as const))('REST %s', (_kind, v) => {
    expect(signRest(v.secret, v.timestamp!, v.apiKey, v.recvWindow!, v.payload!)).toBe(v['X-BAPI-SIGN']);
    // The server accepts exactly this request at its own timestamp…
    const lookup = (k: string) => (k === v.apiKey ? { secret: v.secret, userId: 7 } : undefined);
    const headers = { 'x-bapi-api-key': v.apiKey, 'x-bapi-timestamp': v.timestamp!, 'x-bapi-sign': v['X-BAPI-SIGN']!, 'x-bapi-recv-window': v.recvWindow! };
    expect(verifyApiKeyRequest(fakeReq(headers), v.payload!, lookup, Number(v.timestamp) + 10)).toBe(7);
    // …and refuses it when one payload byte differs.
    expect(codeOf(() => verifyApiKeyRequest(fakeReq(headers), v.payload! + ' ', lookup, Number(v.timestamp) + 10))).toBe(10004);
  });

  test.each(ws.map((v) => [v.kind, v] as const))('WS %s', (_kind, v) => {
    expect(signWsAuth(v.secret, v.expires!)).toBe(v.signature);
    expect(signWsAuth(v.secret, String(v.expires))).toBe(v.signature);
  });
});

describe('API-key verification errors', () => {
  const key = 'k1';
  const secret = 's1';
  const lookup = (k: string) => (k === key ? { secret, userId: 1 } : undefined);
  const now = 1_800_000_000_000;
  const req = (ts: number, recv = '5000', sig?: string, k = key) =>
    fakeReq({ 'x-bapi-api-key': k, 'x-bapi-timestamp': String(ts), 'x-bapi-recv-window': recv, 'x-bapi-sign': sig ?? signRest(secret, String(ts), k, recv, 'a=1') });

  test('unknown key → 10003', () => expect(codeOf(() => verifyApiKeyRequest(req(now, '5000', undefined, 'nope'), 'a=1', lookup, now))).toBe(10003));
  test('wrong signature → 10004', () => expect(codeOf(() => verifyApiKeyRequest(req(now, '5000', 'ab'.repeat(32)), 'a=1', lookup, now))).toBe(10004));
  test('timestamp older than recv_window → 10002', () => expect(codeOf(() => verifyApiKeyRequest(req(now - 5001), 'a=1', lookup, now))).toBe(10002));
  test('timestamp exactly at the window edge is accepted', () => expect(verifyApiKeyRequest(req(now - 5000), 'a=1', lookup, now)).toBe(1));
  test('a larger recv_window admits an older timestamp', () => expect(verifyApiKeyRequest(req(now - 9000, '10000'), 'a=1', lookup, now)).toBe(1));
  test('timestamp 1 s or more in the future → 10002', () => {
    expect(codeOf(() => verifyApiKeyRequest(req(now + 1000), 'a=1', lookup, now))).toBe(10002);
    expect(verifyApiKeyRequest(req(now + 999), 'a=1', lookup, now)).toBe(1);
  });
  test('non-numeric timestamp → 10001', () => {
    const r = fakeReq({ 'x-bapi-api-key': key, 'x-bapi-timestamp': 'soon', 'x-bapi-sign': 'x' });
    expect(codeOf(() => verifyApiKeyRequest(r, '', lookup, now))).toBe(10001);
  });
  test('upper-case hex signatures are accepted too', () => {
    const sig = signRest(secret, String(now), key, '5000', 'a=1').toUpperCase();
    expect(verifyApiKeyRequest(req(now, '5000', sig), 'a=1', lookup, now)).toBe(1);
  });
});
