import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app.ts';
import type { Db } from '../accounts/db.ts';
import { sendPage } from '../accounts/http-util.ts';
import { isSameOrigin } from '../auth/same-origin.ts';
import { sessionUserId } from '../auth/session.ts';
import { jsonBody } from '../http/request.ts';
import { object, text } from '../http/schemas.ts';
import { FAQ } from './faq.ts';
import { openTicket, ticketsOf, ticketsSince } from './tickets.ts';

const PAGE = { api: 'page' } as const;
const CODE_PARAM = 10001;
const CODE_FORBIDDEN = 10005;
const CODE_NOT_LOGGED_IN = 10007;
const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;
/** Most tickets one account (or one visitor's e-mail address) may open per hour. */
const TICKETS_PER_HOUR = 5;
const CODE_TOO_MANY = 10006;

/**
 * Customer service (spec 2.16): the support bot's FAQ, and tickets it hands over to, kept in
 * SQLite. A visitor leaves an e-mail address to be answered at; a logged-in user's account is
 * enough. GET /api/support/tickets lists a logged-in user's own tickets.
 */
export function installSupport(ctx: AppContext, db: Db): void {
  const app = ctx.router;
  app.get('/api/support/faq', { config: { ...PAGE, ipLimit: true } }, (_request, res) => {
    sendPage(res, 200, 0, 'OK', { list: FAQ });
  });

  const body = object({ subject: text(120), message: text(2000), contact: text(254), transcript: text(8000) }, ['subject', 'message']);
  // Beyond the per-account and per-e-mail limit (an e-mail the visitor chooses): per client
  // address, then from everyone together (server/http/limit-names.ts), the address's first.
  const ticketsHere = ctx.limits.budget('ticket', (request) => request.ip);
  const ticketsAll = ctx.limits.budget('ticket-total', () => 'all');
  app.post('/api/support/ticket', { config: PAGE, bodyLimit: 16 * 1024, preValidation: jsonBody('page'), schema: { body } }, async (request, res) => {
    if (!isSameOrigin(request.raw)) return sendPage(res, 403, CODE_FORBIDDEN, 'cross-origin request refused');
    const userId = sessionUserId(db, request.raw);
    const b = request.body as { subject: string; message: string; contact?: string; transcript?: string };
    const subject = b.subject.trim();
    const message = b.message.trim();
    const contact = (b.contact ?? '').trim();
    if (subject === '' || message === '') return sendPage(res, 400, CODE_PARAM, 'subject and message are required');
    if (contact !== '' && !EMAIL_RE.test(contact)) return sendPage(res, 400, CODE_PARAM, 'the e-mail address is not valid');
    if (userId === undefined && contact === '') return sendPage(res, 400, CODE_PARAM, 'an e-mail address to answer is required');
    const here = await ticketsHere(request);
    const all = here.allowed ? await ticketsAll(request) : undefined;
    const over = !here.allowed ? here : all && !all.allowed ? all : undefined;
    if (over) {
      const minutes = Math.max(1, Math.ceil(over.retryAfterMs / 60_000));
      const who = over === here ? 'from this address' : 'from everyone together';
      return sendPage(res, 429, CODE_TOO_MANY, `too many tickets ${who}: at most ${over.limit.max} in ${Math.round(over.limit.windowMs / 60_000)} min; try again in ${minutes} min`, {}, { 'retry-after': String(minutes * 60) });
    }
    const since = Date.now() - 3_600_000;
    if (ticketsSince(db, userId, contact, since) >= TICKETS_PER_HOUR) return sendPage(res, 429, 10006, `at most ${TICKETS_PER_HOUR} tickets an hour`);
    const ticketId = openTicket(db, userId, contact, subject, message, (b.transcript ?? '').slice(0, 8000), Date.now());
    return sendPage(res, 200, 0, 'OK', { ticketId, status: 'open' });
  });

  app.get('/api/support/tickets', { config: PAGE }, (request: FastifyRequest, res) => {
    const userId = sessionUserId(db, request.raw);
    if (userId === undefined) return sendPage(res, 401, CODE_NOT_LOGGED_IN, 'not logged in');
    sendPage(res, 200, 0, 'OK', { list: ticketsOf(db, userId) });
  });
}
