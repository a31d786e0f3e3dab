import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quickOrderSide, snapPrice } from '../../core/chart/order-overlays.ts';
import { checkHoverQty, checkQuickOrder, sideRestricted } from '../../core/order-gates.ts';
import { EMPTY_DRAFT } from '../../core/order-rules.ts';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { displayOptions } from '../../state/chart/chart-overlays.ts';
import { chartHoverY } from '../../state/chart/chart-view.ts';
import { effect, useSignals } from '../../state/signals.ts';
import { activeTicker } from '../../state/market/ticker-view.ts';
import { pushToast } from '../../state/toasts.ts';
import { placeOrder } from '../../state/trading/trading.ts';
import { acceptDisclaimer, pageGate } from '../../state/trading/market-gates.ts';
import { isLoggedIn } from '../../state/account/user.ts';
import { RiskDisclaimer } from '../order-form/RiskDisclaimer.tsx';
import type { Ticket } from './QuickOrderTicket.tsx';

// The ticket (a popover) loads when the + is first pressed.
const QuickOrderTicket = lazy(() => import('./QuickOrderTicket.tsx').then((m) => ({ default: m.QuickOrderTicket })));

interface Props {
  widget: ChartWidget | null;
}

/** The + button sits this far left of the price axis. */
const PLUS_INSET = 28;
const HIDE_DELAY_MS = 150;


/**
 * The hover quick-limit-order widget (spec 2.7, 4.12, 5.6, 5.7): a + button follows the pointer
 * along the price-axis side; clicking it opens a ticket at that price, sell above the market, else buy.
 */
export function QuickOrderWidget({ widget }: Props) {
  useSignals();
  const { t } = useTranslation();
  const plusRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const over = useRef(false);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [qty, setQty] = useState('');
  /** A quick order held until its risk disclaimer (spec 5.4) is accepted. */
  const [held, setHeld] = useState<{ ticket: Ticket; qty: string; disclaimer: string } | null>(null);
  const symbol = activeSymbol.value;
  const shown = displayOptions.value.quickTrade && symbol !== null;

  // The button moves with the pointer without a React render; hovering the button keeps it.
  useEffect(() => {
    if (!shown) return;
    let hideTimer: ReturnType<typeof setTimeout> | null = null;
    const stop = effect(() => {
      const y = chartHoverY.value;
      const el = plusRef.current;
      if (!el || over.current) return;
      const geo = widget?.geometry;
      const inPlot = y !== null && geo !== null && geo !== undefined && !geo.percent && y >= geo.main.top && y <= geo.main.top + geo.main.height;
      if (hideTimer !== null) clearTimeout(hideTimer);
      hideTimer = null;
      if (inPlot) {
        el.style.visibility = 'visible';
        el.style.left = `${geo.plotW - PLUS_INSET}px`;
        el.style.transform = `translateY(${Math.round(y) - 10}px)`;
        el.dataset.y = String(y);
      } else {
        // Leaving the chart for the button itself must not hide it: wait for its pointerenter.
        hideTimer = setTimeout(() => {
          if (!over.current) el.style.visibility = 'hidden';
        }, HIDE_DELAY_MS);
      }
    });
    return () => {
      if (hideTimer !== null) clearTimeout(hideTimer);
      stop();
    };
  }, [shown, widget]);

  if (!shown || !symbol) return null;

  const open = () => {
    const geo = widget?.geometry;
    const y = Number(plusRef.current?.dataset.y);
    if (!geo || !Number.isFinite(y)) return;
    const price = snapPrice(geo.main.valueAt(y), symbol.tickSize);
    setTicket({ price, side: quickOrderSide(price, activeTicker.peek()?.lastPrice ?? null), y });
  };

  const send = async (tk: Ticket, amount: string) => {
    const result = await placeOrder({ ...EMPTY_DRAFT, kind: 'limit', side: tk.side, price: tk.price, qty: amount }, symbol.symbolId, 'chart');
    if (result === 'live' || result === 'filled') {
      setTicket(null);
      setQty('');
    }
  };

  const submit = async (tk: Ticket) => {
    const r = checkQuickOrder({ loggedIn: isLoggedIn.peek(), side: tk.side, qty, price: tk.price, banned: sideRestricted(tk.side, symbol) });
    if (!r.ok) {
      if ('login' in r) window.location.assign(`/login?redirect_url=${encodeURIComponent(window.location.pathname)}`);
      else if ('banned' in r) pushToast({ kind: 'error', key: 'chart.quickSideBanned' });
      else pushToast({ kind: 'error', key: `orderMsg.${r.message.key}`, params: r.message.params });
      return;
    }
    const step = checkHoverQty(qty, symbol.lotSize);
    if (step) return void pushToast({ kind: 'error', key: `orderMsg.${step.key}`, params: step.params });
    // Spec 5.4: the same pre-trade gates as the order form, risk disclaimers included.
    const gate = pageGate(symbol);
    if (!gate.ok) {
      if ('disclaimer' in gate) setHeld({ ticket: tk, qty, disclaimer: gate.disclaimer });
      else pushToast({ kind: 'error', key: `orderMsg.${gate.message.key}`, params: gate.message.params });
      return;
    }
    await send(tk, qty);
  };

  return (
    <>
      <div
        ref={plusRef}
        className="chart-quick"
        style={{ visibility: 'hidden', top: 0 }}
        onPointerEnter={() => (over.current = true)}
        onPointerLeave={() => {
          over.current = false;
          if (chartHoverY.peek() === null && plusRef.current) plusRef.current.style.visibility = 'hidden';
        }}
      >
        <button type="button" className="chart-quick__plus" aria-label={t('chart.quickOrderOpen')} aria-expanded={ticket !== null} aria-haspopup="dialog" onClick={open}>
          +
        </button>
      </div>
      {ticket ? (
        <>
          {/* Where the + was pressed: the ticket opens left of it (the + stays uncovered, for focus to return to). */}
          <div ref={anchorRef} className="chart-quick__anchor" style={{ top: ticket.y, left: (widget?.geometry?.plotW ?? PLUS_INSET) - PLUS_INSET }} aria-hidden="true" />
          <Suspense fallback={null}>
            <QuickOrderTicket
              anchorRef={anchorRef}
              ticket={ticket}
              symbol={symbol}
              qty={qty}
              onQty={setQty}
              onSubmit={() => void submit(ticket)}
              onClose={() => setTicket(null)}
            />
          </Suspense>
        </>
      ) : null}
      {held ? (
        <RiskDisclaimer
          id={held.disclaimer}
          onAccept={() => {
            setHeld(null);
            // Sent once the acceptance is saved with the user's preferences.
            void acceptDisclaimer(held.disclaimer).then((saved) => {
              if (saved) void send(held.ticket, held.qty);
              else pushToast({ kind: 'error', key: 'errorCodes:operationFail' });
            });
          }}
          onClose={() => setHeld(null)}
        />
      ) : null}
    </>
  );
}
