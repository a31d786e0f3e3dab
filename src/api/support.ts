// Customer service (spec 2.16): the support bot's FAQ and tickets, on the exchange.
import { ApiError, isRecord, requestJson } from './http.ts';
import { pageResult } from './page-envelope.ts';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  keywords: string[];
}

export async function fetchFaq(signal?: AbortSignal): Promise<FaqEntry[]> {
  const r = pageResult(await requestJson('/api/support/faq', { signal }));
  if (!Array.isArray(r.list)) return [];
  return r.list
    .filter((e): e is Record<string, unknown> => isRecord(e))
    .filter((e) => typeof e.id === 'string' && typeof e.question === 'string' && typeof e.answer === 'string' && Array.isArray(e.keywords))
    .map((e) => ({
      id: e.id as string,
      question: (e.question as string).slice(0, 300),
      answer: (e.answer as string).slice(0, 2000),
      keywords: (e.keywords as unknown[]).filter((k): k is string => typeof k === 'string').map((k) => k.toLowerCase()),
    }));
}

/** Opens a ticket; resolves with its number once the exchange has stored it. */
export async function openTicket(t: { subject: string; message: string; contact: string; transcript: string }): Promise<number> {
  const r = pageResult(await requestJson('/api/support/ticket', { method: 'POST', body: t }));
  if (typeof r.ticketId !== 'number') throw new ApiError('bad ticket answer', 'parse', 200);
  return r.ticketId;
}
