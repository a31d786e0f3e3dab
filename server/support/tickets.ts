// The support_tickets table (install.ts): tickets the support bot hands over, by account or by the
// visitor's e-mail address.
import type { Db } from '../accounts/db.ts';

/** How many tickets the account (or, without one, this e-mail address) opened after `since`. */
export function ticketsSince(db: Db, userId: number | undefined, contact: string, since: number): number {
  const recent = (
    userId !== undefined
      ? db.prepare('SELECT COUNT(*) AS n FROM support_tickets WHERE user_id = ? AND created_at > ?').get(userId, since)
      : db.prepare('SELECT COUNT(*) AS n FROM support_tickets WHERE user_id IS NULL AND contact = ? AND created_at > ?').get(contact, since)
  ) as { n: number };
  return recent.n;
}

/** Stores a new ticket; returns its id. */
export function openTicket(db: Db, userId: number | undefined, contact: string, subject: string, message: string, transcript: string, now: number): number {
  const r = db
    .prepare('INSERT INTO support_tickets (user_id, contact, subject, message, transcript, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(userId ?? null, contact, subject, message, transcript, now);
  return Number(r.lastInsertRowid);
}

/** The account's latest 50 tickets, newest first, in the page's fields. */
export function ticketsOf(db: Db, userId: number): unknown[] {
  return db
    .prepare('SELECT id AS ticketId, subject, message, status, created_at AS createdAt FROM support_tickets WHERE user_id = ? ORDER BY id DESC LIMIT 50')
    .all(userId);
}
