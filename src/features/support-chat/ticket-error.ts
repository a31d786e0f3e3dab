// What the ticket form says when the exchange did not take a ticket: the exchange's own reason,
// or, when it refused for now (429: too many tickets), when to try again, in the page's language.
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http.ts';

export function ticketErrorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.status === 429 && err.retryAfterMs !== undefined) {
    return t('support.ticketLimited', { minutes: Math.max(1, Math.ceil(err.retryAfterMs / 60_000)) });
  }
  return t('support.ticketFailed', { reason: err instanceof Error ? err.message : String(err) });
}
