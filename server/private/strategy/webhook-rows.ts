// The webhooks and webhook_signals tables (webhook.ts): an account's secret alert URL and what
// became of each alert it received.
import type { Db } from '../../accounts/db.ts';

export interface SignalRow {
  id: string;
  received_at: number;
  status: 'placed' | 'refused';
  order_id: string;
  code: number;
  msg: string;
  symbol: string;
  side: string;
  qty: string;
}

/** The account's webhook (its URL token and secret), if it made one. */
export function webhookOf(db: Db, userId: number): { token: string; secret: string } | undefined {
  return db.prepare('SELECT token, secret FROM webhooks WHERE user_id = ?').get(userId) as { token: string; secret: string } | undefined;
}

/** The owner and secret of the webhook at this URL token. */
export function webhookByToken(db: Db, token: string): { user_id: number; secret: string } | undefined {
  return db.prepare('SELECT user_id, secret FROM webhooks WHERE token = ?').get(token) as { user_id: number; secret: string } | undefined;
}

/** Creates the account's webhook, or replaces its token and secret. */
export function saveWebhook(db: Db, userId: number, token: string, secret: string, now: number): void {
  db.prepare('INSERT INTO webhooks (user_id, token, secret, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET token = excluded.token, secret = excluded.secret, created_at = excluded.created_at').run(userId, token, secret, now);
}

/** The account's latest 50 alerts, newest first. */
export function recentSignals(db: Db, userId: number): SignalRow[] {
  return db
    .prepare('SELECT id, received_at, status, order_id, code, msg, symbol, side, qty FROM webhook_signals WHERE user_id = ? ORDER BY received_at DESC, id LIMIT 50')
    .all(userId) as SignalRow[];
}

/** Whether the account already received an alert with this id. */
export function signalSeen(db: Db, userId: number, id: string): boolean {
  return !!db.prepare('SELECT 1 FROM webhook_signals WHERE user_id = ? AND id = ?').get(userId, id);
}

/** Records an alert and what became of it. */
export function recordSignal(db: Db, userId: number, s: Omit<SignalRow, 'received_at'> & { receivedAt: number }): void {
  db
    .prepare('INSERT INTO webhook_signals (user_id, id, received_at, status, order_id, code, msg, symbol, side, qty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(userId, s.id, s.receivedAt, s.status, s.order_id, s.code, s.msg, s.symbol, s.side, s.qty);
}
