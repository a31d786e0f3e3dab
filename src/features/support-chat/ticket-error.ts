// What the ticket form says when the exchange did not take a ticket: the exchange's own reason,
// or, when it refused for now (429: too many tickets), when to try again, in the page's language.
import type { TFunction } from 'i18next';
import type { TicketRefusal } from '../../state/account/support.ts';

export function ticketErrorText(refusal: TicketRefusal, t: TFunction): string {
  return 'retryInMinutes' in refusal ? t('support.ticketLimited', { minutes: refusal.retryInMinutes }) : t('support.ticketFailed', { reason: refusal.reason });
}
