// The checks an order sent without the form makes first (a hotkey, a click on the ladder): the
// page's gates (disclaimer, maintenance, bans) and spec 5.3's checks the page can make (precision,
// bounds, price band); the balance is the exchange's to check. A failure is told as a toast.
import { limitsOf } from '../../core/field-rules.ts';
import { preCheckOrder, type OrderDraft } from '../../core/order-rules.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { isLoggedIn, user } from '../account/user.ts';
import { activeSymbol } from '../market/active-market.ts';
import { activeTicker } from '../market/ticker-view.ts';
import { pushToast } from '../toasts.ts';
import { pageGate } from './market-gates.ts';

/** Whether `draft` on `s` may go; when not, the reason is toasted. */
export function passesQuickChecks(s: SpotSymbol, draft: OrderDraft): boolean {
  const gate = pageGate(s);
  if (!gate.ok) {
    pushToast('disclaimer' in gate ? { kind: 'error', key: 'hotkeys.useForm' } : { kind: 'error', key: `orderMsg.${gate.message.key}`, params: gate.message.params });
    return false;
  }
  const found = preCheckOrder(draft, limitsOf(s), { lastPrice: activeTicker.peek()?.lastPrice ?? null, available: '0', isUnified: user.peek().isUTA, editing: true, innovationRemaining: null });
  if (found) {
    pushToast({ kind: 'error', key: `orderMsg.${found.key}`, params: found.params });
    return false;
  }
  return true;
}

/** The pair such an order is for, or null: none shown, or nobody logged in (told as a toast). */
export function quickOrderSymbol(): SpotSymbol | null {
  const s = activeSymbol.peek();
  if (!s) return null;
  if (!isLoggedIn.peek()) {
    pushToast({ kind: 'error', key: 'hotkeys.logInFirst' });
    return null;
  }
  return s;
}
