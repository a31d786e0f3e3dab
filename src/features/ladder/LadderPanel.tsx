// The price ladder beside the book (issue 35 item 2), desktop only. Loaded when the person turns it
// on (DesktopShell lazy-loads this module); hidden, none of it runs. A click on the bid column
// buys at that price with the preset size, on the ask column sells, on an own order cancels it, and
// an own order dragged to another row is moved there. The keyboard does the same at a cursor row.
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl, type Locale } from '../../core/locale.ts';
import { ladderHit, type LadderInput, type LadderRow } from '../../render/ladder/ladder-view.ts';
import { LADDER_PITCH, LadderWidget } from '../../render/ladder/ladder-widget.ts';
import { bookView } from '../../state/market/active-market.ts';
import { feedStatus } from '../../state/market/market-data.ts';
import { effect, useSignals } from '../../state/signals.ts';
import {
  ladderAmend,
  ladderCancel,
  ladderPlace,
  ladderPreset,
  ladderRowsShown,
  ladderScale,
  lastTradeTicks,
  noteLadderRows,
  ownAtPrice,
  setLadderPreset,
  volumeAtPrice,
} from '../../state/trading/ladder.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';

/** The ladder's input from the page's signals (read inside an effect: it tracks them). */
function readInput(rtl: boolean): LadderInput | null {
  const sc = ladderScale.value;
  const view = bookView.value;
  if (!sc || !view || view.symbol !== sc.symbolId) return null;
  const priceDecimals = Math.max(0, view.bids[0]?.price.split('.')[1]?.length ?? view.asks[0]?.price.split('.')[1]?.length ?? sc.tick.decimals);
  return {
    key: `${sc.symbolId}/${sc.stepTicks}`,
    tick: sc.tick,
    stepTicks: sc.stepTicks,
    priceDecimals,
    sizeDecimals: sc.sizeDecimals,
    bids: view.bids,
    asks: view.asks,
    own: ownAtPrice.value,
    volume: volumeAtPrice.value,
    lastTicks: lastTradeTicks.value,
    theme: canvasTheme.value,
    rtl,
    stale: feedStatus.value?.stale.book ?? true,
  };
}

const toShown = (r: LadderRow) => ({ price: r.price, bid: r.bid, ask: r.ask, ownBuy: r.ownBuy, ownSell: r.ownSell, volume: r.volume, last: r.last, cursor: r.cursor });

function LadderCanvas({ rtl }: { rtl: boolean }) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const widgetRef = useRef<LadderWidget | null>(null);
  /** A press on the ladder: where, and the own orders there (a drag of them moves the newest). */
  const press = useRef<{ row: number; column: string; y: number; scrolled: number } | null>(null);

  useEffect(() => {
    const host = hostRef.current!;
    const canvas = canvasRef.current!;
    let input: LadderInput | null = null;
    const widget = new LadderWidget(canvas, () => input, (rows) => noteLadderRows(rows.map(toShown)));
    widgetRef.current = widget;
    // What the ladder shows changed: it draws in the next frame.
    const stop = effect(() => {
      input = readInput(rtl);
      widget.invalidate();
    });
    const ro = new ResizeObserver(() => widget.resize(host.clientWidth, host.clientHeight));
    ro.observe(host);
    widget.resize(host.clientWidth, host.clientHeight);
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const step = ladderScale.peek()?.stepTicks ?? 1;
      widget.view.scrollBy(Math.sign(e.deltaY) * 3, step);
      widget.invalidate();
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      stop();
      ro.disconnect();
      host.removeEventListener('wheel', onWheel);
      widget.destroy();
      widgetRef.current = null;
      noteLadderRows([]);
    };
  }, [rtl]);

  const hit = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const w = widgetRef.current;
    return w ? ladderHit(e.clientX - rect.left, e.clientY - rect.top, rect.width, LADDER_PITCH, w.rows.length, rtl) : null;
  };
  const step = () => ladderScale.peek()?.stepTicks ?? 1;
  const ordersAt = (row: LadderRow | undefined) => (row ? (ownAtPrice.peek().get(row.ticks)?.orderIds ?? []) : []);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    const h = hit(e);
    if (!h) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    press.current = { row: h.row, column: h.column, y: e.clientY, scrolled: 0 };
  };

  // A drag on the price column scrolls the ladder, a row at a time.
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    const w = widgetRef.current;
    if (!p || !w || p.column !== 'price') return;
    const rows = Math.trunc((p.y - e.clientY) / LADDER_PITCH);
    if (rows !== p.scrolled) {
      w.view.scrollBy(rows - p.scrolled, step());
      p.scrolled = rows;
      w.invalidate();
    }
  };

  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    press.current = null;
    const w = widgetRef.current;
    const h = hit(e);
    if (!p || !w || !h) return;
    const from = w.rows[p.row];
    const to = w.rows[h.row];
    if (p.column === 'own') {
      const ids = ordersAt(from);
      if (ids.length === 0) return;
      if (h.row === p.row) ladderCancel(ids);
      else if (to) void ladderAmend(ids[0]!, to.price);
      return;
    }
    if (h.row !== p.row || !to) return;
    if (h.column === 'bid') ladderPlace('Buy', to.price);
    else if (h.column === 'ask') ladderPlace('Sell', to.price);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const w = widgetRef.current;
    if (!w) return;
    const s = step();
    const atCursor = () => w.rows.find((r) => r.cursor);
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') w.view.moveCursor(key === 'ArrowDown' ? 1 : -1, s);
    else if (key === 'PageDown' || key === 'PageUp') w.view.scrollBy((key === 'PageDown' ? 1 : -1) * Math.max(1, w.view.rows - 2), s);
    else if (key === 'c' || key === ' ') {
      const i = readInput(rtl);
      if (i) w.view.recentre(i);
    } else if (key === 'b' || key === 's' || key === 'Enter') {
      const r = atCursor();
      if (!r) return;
      const view = bookView.peek();
      // Enter buys at or below the best bid and sells at or above the best ask.
      const side = key === 'b' ? 'Buy' : key === 's' ? 'Sell' : view && view.bids[0] && r.ticks <= view.bids[0].ticks ? 'Buy' : view && view.asks[0] && r.ticks >= view.asks[0].ticks ? 'Sell' : null;
      if (side) ladderPlace(side, r.price);
    } else if (key === 'Delete' || key === 'Backspace') {
      const ids = ordersAt(atCursor());
      if (ids.length > 0) ladderCancel(ids);
    } else return;
    e.preventDefault();
    w.invalidate();
  };

  return (
    <div
      ref={hostRef}
      className="ladder__canvas"
      role="application"
      aria-label={t('ladder.canvasLabel')}
      aria-describedby="ladder-keyboard-help"
      tabIndex={0}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onKeyDown={onKey}
      data-testid="ladder-canvas"
      data-pitch={LADDER_PITCH}
    >
      <canvas ref={canvasRef} aria-hidden="true" />
      <span id="ladder-keyboard-help" className="visually-hidden">
        {t('ladder.keyboardHelp')}
      </span>
    </div>
  );
}

/** Mirror refresh: at most twice a second (screen readers and tests read this table). */
const MIRROR_MS = 500;

type ShownRow = (typeof ladderRowsShown.value)[number];

/** A visually hidden table with what the ladder shows, top row first. */
function LadderMirror() {
  const { t } = useTranslation();
  const rows = useThrottledSignal(ladderRowsShown, MIRROR_MS);
  const own = (r: ShownRow) => [r.ownBuy && `${t('book.buy')} ${r.ownBuy}`, r.ownSell && `${t('book.sell')} ${r.ownSell}`].filter(Boolean).join(', ');
  const columns: Column<ShownRow>[] = [
    { key: 'own', header: t('ladder.own'), cell: own },
    { key: 'bid', header: t('ladder.bid'), cell: (r) => r.bid },
    { key: 'price', header: t('book.price'), cell: (r) => (r.last ? `${r.price} (${t('ladder.last')})` : r.price) },
    { key: 'ask', header: t('ladder.ask'), cell: (r) => r.ask },
    { key: 'volume', header: t('ladder.volume'), cell: (r) => r.volume },
  ];
  return (
    <div className="canvas-mirror">
      <Table
        label={t('ladder.title')}
        tableProps={{ 'data-testid': 'ladder-mirror' }}
        columns={columns}
        rows={rows.map((r, i) => ({ ...r, i }))}
        rowKey={(r) => r.price}
        rowProps={(r) => ({ 'data-price': r.price, 'data-own': own(r) ? 'yes' : undefined, 'data-cursor': r.cursor ? 'yes' : undefined, 'data-last': r.last ? 'yes' : undefined })}
      />
    </div>
  );
}

/** The ladder's region: the preset size, the recentre button, the canvas and its mirror. */
export function LadderPanel({ locale }: { locale: Locale }) {
  useSignals();
  const { t } = useTranslation();
  const rtl = isRtl(locale);
  return (
    <div className="ladder" data-testid="ladder">
      <div className="ladder__bar">
        <label className="ladder__preset">
          <span>{t('ladder.preset')}</span>
          <input inputMode="decimal" value={ladderPreset.value} onChange={(e) => setLadderPreset(e.target.value)} data-testid="ladder-preset" />
        </label>
      </div>
      <div className="ladder__columns" aria-hidden="true">
        <span>{t('ladder.own')}</span>
        <span>{t('ladder.bid')}</span>
        <span>{t('book.price')}</span>
        <span>{t('ladder.ask')}</span>
        <span>{t('ladder.volume')}</span>
      </div>
      <LadderCanvas key={rtl ? 'rtl' : 'ltr'} rtl={rtl} />
      <LadderMirror />
    </div>
  );
}
