// The price ladder beside the book (issue 35 item 2), desktop only. Loaded when the person turns it
// on (DesktopShell lazy-loads this module); hidden, none of it runs. Its canvas is drawn like the
// book's, in the canvas worker where it can be (ladder-canvas-mount.ts). A click on the bid column
// buys at that row's price with the preset size, on the ask column sells, on an own order cancels
// it, and an own order dragged to another row is moved there: each asks the canvas what the row
// showed when it was drawn last (what the person saw), then acts through the page's state. The
// keyboard does the same at a cursor row. Until the canvas shows rows it takes no clicks.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl, type Locale } from '../../core/locale.ts';
import { ladderHit, type LadderRow } from '../../render/ladder/ladder-view.ts';
import { LADDER_PITCH } from '../../render/ladder/ladder-widget.ts';
import { bookView } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { ladderAmend, ladderCancel, ladderPlace, ladderPreset, ladderRowsShown, noteLadderRows, ownAtPrice, setLadderPreset } from '../../state/trading/ladder.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { mountLadder } from './ladder-canvas-mount.ts';

const toShown = (r: LadderRow) => ({ price: r.price, bid: r.bid, ask: r.ask, ownBuy: r.ownBuy, ownSell: r.ownSell, volume: r.volume, last: r.last, cursor: r.cursor });

function LadderCanvas({ rtl }: { rtl: boolean }) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  /** Rows the canvas drew last: 0 until it shows some (then it takes no clicks). */
  const [rowCount, setRowCount] = useState(0);
  const rowsRef = useRef(0);
  const ladderRef = useCanvasHost(
    hostRef,
    {
      className: 'ladder__canvas-layer',
      mount: ([canvas], width, height) =>
        mountLadder(canvas!, width, height, rtl, (rows) => {
          rowsRef.current = rows.length;
          setRowCount(rows.length);
          noteLadderRows(rows.map(toShown));
        }),
      onMount: (m) => {
        const host = hostRef.current;
        if (!host) return;
        if (!m) {
          host.onwheel = null;
          rowsRef.current = 0;
          noteLadderRows([]);
          return;
        }
        // The wheel scrolls three rows a notch (a non-passive listener: the page must not scroll too).
        host.onwheel = (e: WheelEvent) => {
          e.preventDefault();
          if (e.deltaY !== 0) m.nav({ op: 'scroll', rows: Math.sign(e.deltaY) * 3 });
        };
      },
    },
    [rtl],
  );
  /** A press on the ladder: where, and how far a drag on the price column has scrolled it. */
  const press = useRef<{ row: number; column: string; y: number; scrolled: number } | null>(null);

  const hit = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return ladderHit(e.clientX - rect.left, e.clientY - rect.top, rect.width, LADDER_PITCH, rowsRef.current, rtl);
  };
  const ordersAt = (row: LadderRow | null) => (row ? (ownAtPrice.peek().get(row.ticks)?.orderIds ?? []) : []);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    const h = hit(e);
    if (!h) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    press.current = { row: h.row, column: h.column, y: e.clientY, scrolled: 0 };
  };

  // A drag on the price column scrolls the ladder, a row at a time.
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    const m = ladderRef.current;
    if (!p || !m || p.column !== 'price') return;
    const rows = Math.trunc((p.y - e.clientY) / LADDER_PITCH);
    if (rows !== p.scrolled) {
      m.nav({ op: 'scroll', rows: rows - p.scrolled });
      p.scrolled = rows;
    }
  };

  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    press.current = null;
    const m = ladderRef.current;
    const h = hit(e);
    if (!p || !m || !h || p.column === 'price') return;
    if (p.column === 'own') {
      void Promise.all([m.rowAt(p.row), m.rowAt(h.row)]).then(([from, to]) => {
        const ids = ordersAt(from);
        if (ids.length === 0) return;
        if (h.row === p.row) ladderCancel(ids);
        else if (to) void ladderAmend(ids[0]!, to.price);
      });
      return;
    }
    if (h.row !== p.row || (h.column !== 'bid' && h.column !== 'ask')) return;
    const side = h.column === 'bid' ? 'Buy' : 'Sell';
    void m.rowAt(h.row).then((to) => {
      if (to) ladderPlace(side, to.price);
    });
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const m = ladderRef.current;
    if (!m) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') m.nav({ op: 'cursor', rows: key === 'ArrowDown' ? 1 : -1 });
    else if (key === 'PageDown' || key === 'PageUp') m.nav({ op: 'page', dir: key === 'PageDown' ? 1 : -1 });
    else if (key === 'c' || key === ' ') m.nav({ op: 'recentre' });
    else if (key === 'b' || key === 's' || key === 'Enter') {
      // The cursor's row as the canvas has it after the keys before this one.
      void m.rowAt('cursor').then((r) => {
        if (!r) return;
        const view = bookView.peek();
        // Enter buys at or below the best bid and sells at or above the best ask.
        const side = key === 'b' ? 'Buy' : key === 's' ? 'Sell' : view && view.bids[0] && r.ticks <= view.bids[0].ticks ? 'Buy' : view && view.asks[0] && r.ticks >= view.asks[0].ticks ? 'Sell' : null;
        if (side) ladderPlace(side, r.price);
      });
    } else if (key === 'Delete' || key === 'Backspace') {
      void m.rowAt('cursor').then((r) => {
        const ids = ordersAt(r);
        if (ids.length > 0) ladderCancel(ids);
      });
    } else return;
    e.preventDefault();
  };

  const ready = rowCount > 0;
  return (
    <div
      ref={hostRef}
      className="ladder__canvas"
      role="application"
      aria-label={t('ladder.canvasLabel')}
      aria-describedby="ladder-keyboard-help"
      aria-busy={!ready}
      tabIndex={0}
      onPointerDown={ready ? onDown : undefined}
      onPointerMove={ready ? onMove : undefined}
      onPointerUp={ready ? onUp : undefined}
      onKeyDown={onKey}
      data-testid="ladder-canvas"
      data-ready={ready ? 'yes' : undefined}
      data-pitch={LADDER_PITCH}
    >
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
