// Customer service (spec 2.16): the support bot's FAQ (read once while the chat is open) and its
// tickets. A ticket is said to be received only when the exchange answered with its number; a
// refusal for now (429: too many tickets) says when to try again, any other the exchange's reason.
import { ApiError } from '../../api/http.ts';
import { fetchFaq, openTicket, type FaqEntry } from '../../api/support.ts';
import { createPoll } from '../poll.ts';
import { computed } from '../signals.ts';

export type { FaqEntry } from '../../api/support.ts';

const faq = createPoll<FaqEntry[], FaqEntry[] | null>({ read: (signal) => fetchFaq(signal), everyMs: null, initial: null });

/** The FAQ; null before the answer. */
export const faqEntries = computed(() => faq.data.value);
/** The FAQ could not be read (the bot then only offers a ticket). */
export const faqFailed = computed(() => faq.status.value.error !== null);

/** Reads the FAQ (once) while the chat is open; returns the release. */
export function watchFaq(): () => void {
  return faq.use();
}

/** Why the exchange took no ticket: wait this many minutes (429 with Retry-After), or its reason. */
export type TicketRefusal = { retryInMinutes: number } | { reason: string };

/** A failed ticket request as the form says it. */
export function ticketRefusal(err: unknown): TicketRefusal {
  if (err instanceof ApiError && err.status === 429 && err.retryAfterMs !== undefined) return { retryInMinutes: Math.max(1, Math.ceil(err.retryAfterMs / 60_000)) };
  return { reason: err instanceof Error ? err.message : String(err) };
}

export interface Ticket {
  subject: string;
  message: string;
  contact: string;
  transcript: string;
}

/** Opens a ticket; resolves with its number once the exchange stored it, or with the refusal. */
export async function sendTicket(ticket: Ticket): Promise<{ ok: true; id: number } | { ok: false; refusal: TicketRefusal }> {
  try {
    return { ok: true, id: await openTicket(ticket) };
  } catch (err) {
    return { ok: false, refusal: ticketRefusal(err) };
  }
}
