// Trading hotkeys (issue 35 item 1): what each hotkey does (settings: hotkey-settings.ts)
// Every action here calls the same actions the buttons call
// (placeOrder, cancelOrder, cancelAllOrders); the order form follows `formCommand` for the ones
// that only change what it holds. Nothing here runs until a key is pressed.
import { qtyForValue, type HotkeyAction } from '../../core/hotkeys.ts';
import { chartHoverPrice, hotkeySettings, pendingConfirm, saveHotkeySettings, tellForm, type PendingConfirm } from './hotkey-settings.ts';
import { EMPTY_DRAFT, preCheckOrder, type OrderDraft } from '../../core/order-rules.ts';
import { isUserOrder, type Order, type Side } from '../../core/order-types.ts';
import { limitsOf } from '../../core/field-rules.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { isLoggedIn, user } from '../account/user.ts';
import { activeSymbol, bookView } from '../market/active-market.ts';
import { hoveredRow } from '../market/book-view.ts';
import { activeTicker } from '../market/ticker-view.ts';
import { pushToast } from '../toasts.ts';
import { pageGate } from './market-gates.ts';
import { openOrders, ORDER_GROUPS } from './orders.ts';
import { cancelAllOrders, cancelOrder, placeOrder } from './trading.ts';
import { closePosition, type Position } from './positions.ts';

/** Asks first when `ask`, else acts now. */
function maybeAsk(ask: boolean, p: PendingConfirm): void {
  if (ask) pendingConfirm.value = p;
  else void p.run();
}


/** The price under the pointer on the book, else on the chart; null when the pointer is on neither. */
export function hoveredPrice(): string | null {
  const r = hoveredRow.peek();
  if (r) {
    const view = bookView.peek();
    const price = (r.side === 0 ? view?.bids : view?.asks)?.[r.row]?.price;
    if (price && price !== '--') return price;
  }
  return chartHoverPrice();
}

const pairName = (s: SpotSymbol) => `${s.baseTokenName}/${s.quoteTokenName}`;

/** The most recent open order the user placed on the pair (not a bot's), or null. */
export function lastOpenOrder(symbolId: string): Order | null {
  let last: Order | null = null;
  for (const o of openOrders.peek()) if (o.symbolId === symbolId && isUserOrder(o) && (!last || o.time > last.time)) last = o;
  return last;
}

function ready(): SpotSymbol | null {
  const s = activeSymbol.peek();
  if (!s) return null;
  if (!isLoggedIn.peek()) {
    pushToast({ kind: 'error', key: 'hotkeys.logInFirst' });
    return null;
  }
  return s;
}

/** A limit order of the preset value at `price`, checked as the form checks it, then sent (or asked first). */
function limitAt(action: HotkeyAction, s: SpotSymbol, side: Side, price: string, ask = hotkeySettings.peek().confirm[action]): void {
  const settings = hotkeySettings.peek();
  const value = settings.presets[settings.preset] ?? '0';
  const qty = qtyForValue(value, price, s.lotSize);
  if (!qty) {
    pushToast({ kind: 'error', key: 'hotkeys.sizeTooSmall', params: { coin: s.quoteTokenName }, amounts: { value } });
    return;
  }
  const draft: OrderDraft = { ...EMPTY_DRAFT, kind: 'limit', side, price, qty };
  const gate = pageGate(s);
  if (!gate.ok) {
    pushToast('disclaimer' in gate ? { kind: 'error', key: 'hotkeys.useForm' } : { kind: 'error', key: `orderMsg.${gate.message.key}`, params: gate.message.params });
    return;
  }
  // The checks of spec 5.3 that the page can make (precision, bounds, price band); the balance is the exchange's to check.
  const found = preCheckOrder(draft, limitsOf(s), { lastPrice: activeTicker.peek()?.lastPrice ?? null, available: '0', isUnified: user.peek().isUTA, editing: true, innovationRemaining: null });
  if (found) {
    pushToast({ kind: 'error', key: `orderMsg.${found.key}`, params: found.params });
    return;
  }
  maybeAsk(ask, {
    key: 'hotkeys.confirmOrder',
    params: { base: s.baseTokenName, quote: s.quoteTokenName, pair: pairName(s) },
    amounts: { qty, price },
    tParams: { side: side === 'Buy' ? 'hotkeys.sideBuy' : 'hotkeys.sideSell' },
    run: () => placeOrder(draft, s.symbolId, 'hotkey'),
  });
}

/** Runs a hotkey's action (the listener has checked that hotkeys are on and focus is not in a field). */
export function runHotkey(action: HotkeyAction): void {
  const settings = hotkeySettings.peek();
  switch (action) {
    case 'buyBest':
    case 'sellBest': {
      const s = ready();
      if (!s) return;
      const view = bookView.peek();
      const price = action === 'buyBest' ? view?.bestAsk : view?.bestBid;
      if (!view || view.symbol !== s.symbolId || !price || price === '--') return void pushToast({ kind: 'error', key: 'hotkeys.noBook' });
      return limitAt(action, s, action === 'buyBest' ? 'Buy' : 'Sell', price);
    }
    case 'limitHover': {
      const s = ready();
      if (!s) return;
      const price = hoveredPrice();
      if (!price) return void pushToast({ kind: 'error', key: 'hotkeys.noHover' });
      const last = activeTicker.peek()?.lastPrice;
      // Under the last price it is a buy, above it a sell (as the chart's quick order decides).
      const side: Side = last && Number(price) > Number(last) ? 'Sell' : 'Buy';
      return limitAt(action, s, side, price);
    }
    case 'cancelLast': {
      const s = ready();
      if (!s) return;
      const o = lastOpenOrder(s.symbolId);
      if (!o) return void pushToast({ kind: 'info', key: 'hotkeys.noOpenOrder', params: { pair: pairName(s) } });
      return maybeAsk(settings.confirm.cancelLast, { key: 'hotkeys.confirmCancelLast', params: { pair: pairName(s), base: s.baseTokenName }, amounts: { qty: o.origQty, price: o.price }, tParams: { side: o.side === 'Buy' ? 'hotkeys.sideBuy' : 'hotkeys.sideSell' }, run: () => cancelOrder(o) });
    }
    case 'cancelAll': {
      const s = ready();
      if (!s) return;
      return maybeAsk(settings.confirm.cancelAll, { key: 'orders.cancelAllBody', params: { symbol: pairName(s) }, run: () => cancelAllOrders(ORDER_GROUPS, s.symbolId) });
    }
    case 'priceUp':
    case 'priceDown':
      return tellForm({ type: 'nudge', ticks: action === 'priceUp' ? 1 : -1 });
    case 'flipSide':
      return tellForm({ type: 'flip' });
    case 'size1':
    case 'size2':
    case 'size3':
    case 'size4': {
      const preset = Number(action.slice(4)) - 1;
      saveHotkeySettings({ ...settings, preset });
      return tellForm({ type: 'value', value: settings.presets[preset] ?? '0' });
    }
  }
}

/** The palette's cancel all of the pair: always asked first, as the button asks by default. */
export function askCancelAll(): void {
  const s = ready();
  if (!s) return;
  pendingConfirm.value = { key: 'orders.cancelAllBody', params: { symbol: pairName(s) }, run: () => cancelAllOrders(ORDER_GROUPS, s.symbolId) };
}

/** The palette's cancel last, asked first. */
export function askCancelLast(): void {
  const s = ready();
  if (!s) return;
  const o = lastOpenOrder(s.symbolId);
  if (!o) return void pushToast({ kind: 'info', key: 'hotkeys.noOpenOrder', params: { pair: pairName(s) } });
  pendingConfirm.value = { key: 'hotkeys.confirmCancelLast', params: { pair: pairName(s), base: s.baseTokenName }, amounts: { qty: o.origQty, price: o.price }, tParams: { side: o.side === 'Buy' ? 'hotkeys.sideBuy' : 'hotkeys.sideSell' }, run: () => cancelOrder(o) };
}

/** The palette's buy or sell at best: the same order as the hotkey, always asked first. */
export function askAtBest(side: Side): void {
  const s = ready();
  if (!s) return;
  const view = bookView.peek();
  const price = side === 'Buy' ? view?.bestAsk : view?.bestBid;
  if (!view || view.symbol !== s.symbolId || !price || price === '--') return void pushToast({ kind: 'error', key: 'hotkeys.noBook' });
  // Asked first from the palette, whatever the hotkey's own setting.
  limitAt(side === 'Buy' ? 'buyBest' : 'sellBest', s, side, price, true);
}

/** The palette's close of a position (a closing market sell of the whole holding), asked first. */
export function askClosePosition(p: Position, pair: string): void {
  pendingConfirm.value = { key: 'hotkeys.confirmClose', params: { pair }, run: () => closePosition(p) };
}
