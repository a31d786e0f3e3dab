// The account's webhook strategy (its URL, secret and received alerts), page envelope.
import { isRecord, requestJson } from './http.ts';

export const WEBHOOK_PATH = '/api/strategy/webhook';

export interface WebhookAlert {
  id: string;
  receivedAt: number;
  status: 'placed' | 'refused';
  msg: string;
  symbol: string;
  side: string;
  qty: string;
}

export interface WebhookView {
  /** '' until the account made one. */
  path: string;
  secret: string;
  alerts: WebhookAlert[];
}

const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : '');

function decode(data: unknown): WebhookView {
  const r = isRecord(data) && isRecord(data.result) ? data.result : {};
  const path = text(r.path);
  return {
    // Only a path of ours is ever shown as the URL.
    path: /^\/webhook\/tv\/[A-Za-z0-9_-]+$/.test(path) ? path : '',
    secret: text(r.secret, 80),
    alerts: (Array.isArray(r.signals) ? r.signals : []).filter(isRecord).map((s) => ({
      id: text(s.id, 40), receivedAt: typeof s.receivedAt === 'number' ? s.receivedAt : 0, status: s.status === 'placed' ? 'placed' : 'refused',
      msg: text(s.msg), symbol: text(s.symbol, 32), side: text(s.side, 8), qty: text(s.qty, 40),
    })),
  };
}

export async function fetchWebhook(): Promise<WebhookView> {
  return decode(await requestJson(WEBHOOK_PATH));
}

/** Creates the webhook, or replaces its URL and secret. */
export async function renewWebhook(): Promise<WebhookView> {
  return decode(await requestJson(WEBHOOK_PATH, { method: 'POST', body: {} }));
}
