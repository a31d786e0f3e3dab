import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { plotPrice } from '../../core/chart/plot.ts';
import { dragConfirmReason, snapPrice, type DragConfirm, type OrderLine } from '../../core/chart/order-overlays.ts';
import { fx, fxText, decimalPlaces } from '../../core/decimal.ts';
import type { Order } from '../../core/order-types.ts';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import type { ChartGeometry } from '../../render/chart/chart-types.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { avgLines, cancelLineDrag, chartOrderLines, checkLineDrop, dragLine, lineDrag, modifyFromLine, rejectDrop, type ShownOrderLine } from '../../state/chart/chart-overlays.ts';
import { positionLine } from '../../state/chart/chart-position.ts';
import { gridRanges } from '../../state/chart/grid-overlay.ts';
import { toolPreview } from '../../state/trading/tools.ts';
import { ToolPreviewLabels } from './ToolPreviewLabels.tsx';
import { useSignals } from '../../state/signals.ts';
import { setConfirmPref, user } from '../../state/account/user.ts';
import { activeTicker } from '../../state/market/ticker-view.ts';
import { Button } from '../../ui/Button.tsx';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';
import { dayLabel } from './day-label.ts';
import { formatQuantity } from '../../core/format.ts';
import { ModifySummary } from './ModifySummary.tsx';
import { placeBandLabel, PositionGridLabels } from './PositionGridLabels.tsx';

/** A line label's height in pixels (chart-panel.css .chart-line). */
const LINE_LABEL_HEIGHT = 20;

// The drag confirmation (a modal) loads when first asked for: the chart is on every visitor's page.
const Dialog = lazy(() => import('../../ui/Dialog.tsx').then((m) => ({ default: m.Dialog })));

interface Props {
  widget: ChartWidget | null;
}

/** What a line's label does with the pointer and keys, by line id (one stable object per layer). */
interface LineEvents {
  down(id: string, e: PointerEvent<HTMLDivElement>): void;
  move(e: PointerEvent<HTMLDivElement>): void;
  up(e: PointerEvent<HTMLDivElement>): void;
  key(id: string, e: KeyboardEvent<HTMLDivElement>): void;
}

interface LineLabelProps {
  id: string;
  orderId: string;
  kind: ShownOrderLine['kind'];
  side: ShownOrderLine['side'];
  price: string;
  qty: string;
  draggable: boolean;
  pending: boolean;
  label: string;
  sideText: string;
  triggerText: string;
  pendingText: string;
  on: LineEvents;
}

/**
 * One order line's label: all its props are plain values and one stable handler object, so a push
 * into many open orders draws only the lines that came or changed, not every line again.
 */
const LineLabel = memo(function LineLabel(p: LineLabelProps) {
  return (
    <div
      className={`chart-line chart-line--${p.side === 'Buy' ? 'buy' : 'sell'}`}
      data-line-price={p.price}
      data-line-kind={p.kind}
      data-order-id={p.orderId}
      data-pending={p.pending}
      role="slider"
      tabIndex={p.draggable ? 0 : -1}
      aria-label={p.label}
      aria-valuenow={plotPrice(p.price)}
      aria-valuetext={p.price}
      aria-disabled={!p.draggable || p.pending}
      aria-orientation="vertical"
      onPointerDown={(e) => p.on.down(p.id, e)}
      onPointerMove={p.on.move}
      onPointerUp={p.on.up}
      onPointerCancel={p.on.up}
      onKeyDown={(e) => p.on.key(p.id, e)}
    >
      {p.kind === 'trigger' ? `${p.triggerText} · ` : ''}
      {p.sideText} {p.qty}
      {p.pending ? <span className="chart-line__pending"> · {p.pendingText}</span> : null}
    </div>
  );
});

interface Confirm {
  line: OrderLine;
  order: Order;
  price: string;
  /** A case of spec 4.11 step 3 (always asked), or 'modify': the user's default ask before any chart edit. */
  reason: DragConfirm | 'modify';
}

/**
 * Labels and drag handles of the lines the chart draws for the user's orders, average prices,
 * position and grid-bot ranges (spec 2.6, 3 "Chart overlay kinds", 4.11). Each order label is a
 * slider: drag it, or use the arrow keys and Enter, to move the order's price; the modify is
 * validated, confirmed when 4.11 asks, then sent.
 */
export function OrderLinesLayer({ widget }: Props) {
  useSignals();
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<{ line: OrderLine; pointerId: number } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [dontAsk, setDontAsk] = useState(false);
  const lines = chartOrderLines.value;
  const avgs = avgLines.value;
  const position = positionLine.value;
  const grids = gridRanges.value;
  const preview = toolPreview.value;
  const symbol = activeSymbol.value;

  // Labels follow the price scale after every chart draw, without a React render.
  useEffect(() => {
    if (!widget) return;
    // The scale and the held or focused label the lines were last placed for: a draw that keeps
    // them (most draws: a candle ticks inside the range) moves no line, so the lines are not read
    // again (issue 37: with 1,000 open orders this loop ran on every chart draw, 5 % of the main
    // thread's busy time while a table scrolled at CPU ×4). New lines run this effect anew.
    let placedFor = '';
    const place = () => {
      const geo = widget.geometry;
      const layer = layerRef.current;
      if (!geo || !layer) return;
      const m = geo.main;
      const focused = document.activeElement instanceof HTMLElement ? (document.activeElement.dataset.orderId ?? '') : '';
      const key = `${m.min} ${m.max} ${m.top} ${m.height} ${m.log} ${geo.plotW} ${geo.percent} ${geo.base} ${dragging.current?.line.orderId ?? ''} ${focused}`;
      if (key !== placedFor) {
        placedFor = key;
        placeLines(layer, geo);
      }
      for (const el of layer.querySelectorAll<HTMLElement>('[data-band-max]')) placeBandLabel(el, geo);
    };
    const placeLines = (layer: HTMLElement, geo: ChartGeometry) => {
      const placed: Array<{ el: HTMLElement; y: number; shown: boolean; more: number }> = [];
      for (const el of layer.querySelectorAll<HTMLElement>('[data-line-price]')) {
        const v = plotPrice(el.dataset.linePrice);
        const y = Math.round(geo.main.y(geo.percent ? (v / geo.base - 1) * 100 : v));
        placed.push({ el, y, shown: y >= geo.main.top && y <= geo.main.top + geo.main.height, more: 0 });
      }
      // Order labels closer than a label's height would print over each other (issue 33: twelve
      // open orders a few pixels apart were one unreadable pile): the first of each such run shows
      // with "+n" for the others it hides; the label being dragged or focused is the one shown.
      const held = dragging.current?.line.orderId;
      const orderLabels = placed
        .filter((p) => p.shown && p.el.dataset.orderId !== undefined)
        .sort((a, b) => {
          const pa = a.el === document.activeElement || a.el.dataset.orderId === held ? 0 : 1;
          const pb = b.el === document.activeElement || b.el.dataset.orderId === held ? 0 : 1;
          return pa - pb || a.y - b.y;
        });
      const kept: Array<(typeof placed)[number]> = [];
      for (const p of orderLabels) {
        const near = kept.find((k) => Math.abs(k.y - p.y) < LINE_LABEL_HEIGHT);
        if (near) {
          near.more += 1;
          p.shown = false;
        } else kept.push(p);
      }
      for (const { el, y, shown, more } of placed) {
        // Written only when changed: with many open orders most draws move no line, and each
        // write would have the browser restyle every line again.
        const at = `${y} ${shown ? 1 : 0} ${geo.plotW} ${more}`;
        if (el.dataset.placed === at) continue;
        el.dataset.placed = at;
        if (more > 0) el.dataset.more = `+${more}`;
        else delete el.dataset.more;
        // Placed by `top`, not a transform: a transform gives every line its own paint chunk, and
        // with 1,000 open orders the browser re-layered them all on any repaint of the page (a
        // table scrolled at CPU ×4 spent a fifth of its time in PaintArtifactCompositor::Update).
        el.style.top = `${y - LINE_LABEL_HEIGHT / 2}px`;
        // Out of the price range: out of layout and paint too.
        el.style.display = shown ? '' : 'none';
        el.style.maxWidth = `${Math.max(0, geo.plotW - 16)}px`;
      }
    };
    place();
    widget.drawListeners.add(place);
    return () => void widget.drawListeners.delete(place);
  }, [widget, lines, avgs, position, grids, preview]);

  const priceAt = (clientY: number): string | null => {
    const geo = widget?.geometry;
    const layer = layerRef.current;
    if (!geo || !layer || geo.percent || !symbol) return null;
    const y = clientY - layer.getBoundingClientRect().top;
    return snapPrice(geo.main.valueAt(y), symbol.tickSize);
  };

  const drop = (line: OrderLine, price: string) => {
    const check = checkLineDrop(line, price);
    if (!check.ok) return rejectDrop(check.key, check.params);
    const reason = dragConfirmReason(check.order, line.kind, price, activeTicker.peek()?.lastPrice ?? null) ?? (user.peek().doubleConfirm.chartModify ? 'modify' : null);
    if (reason) {
      setDontAsk(false);
      setConfirm({ line, order: check.order, price, reason });
    } else void modifyFromLine(line, check.order, price);
  };

  const onDown = (line: ShownOrderLine, e: PointerEvent<HTMLDivElement>) => {
    if (!line.draggable || line.pending || confirm) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    dragging.current = { line, pointerId: e.pointerId };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = dragging.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const price = priceAt(e.clientY);
    if (price !== null && price !== '0') dragLine(d.line.id, price);
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = dragging.current;
    if (!d || d.pointerId !== e.pointerId) return;
    dragging.current = null;
    const moved = lineDrag.peek();
    if (!moved || moved.lineId !== d.line.id) return;
    drop(d.line, moved.price);
  };

  const onKey = (line: ShownOrderLine, e: KeyboardEvent<HTMLDivElement>) => {
    if (!line.draggable || line.pending || !symbol) return;
    const step = fx(symbol.tickSize);
    const cur = fx(line.price);
    if (step === null || cur === null) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const next = cur + (e.key === 'ArrowUp' ? step : -step);
      if (next > 0n) dragLine(line.id, fxText(next, decimalPlaces(symbol.tickSize)));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const moved = lineDrag.peek();
      if (moved && moved.lineId === line.id) drop(line, moved.price);
    } else if (e.key === 'Escape') cancelLineDrag();
  };

  // Words per language, labels per line's kind, side, size and price: a push into many open
  // orders translates only the new line's label, not every line's again.
  const words = useMemo(() => ({ Buy: t('chart.lineBuy'), Sell: t('chart.lineSell'), trigger: t('chart.lineTrigger'), labels: new Map<string, string>() }), [t]);
  const sideText = (side: 'Buy' | 'Sell') => words[side];
  // A line's size at the pair's quantity precision with its coin (issue 32: "Sell 0.51" for 0.510 SOL).
  const qtyText = (qty: string) => (symbol ? `${formatQuantity(qty, symbol.quantityPrecision)} ${symbol.baseTokenName}` : qty);
  const labelOf = (l: ShownOrderLine) => {
    const key = `${l.kind} ${l.side} ${l.qty} ${l.price} ${symbol?.symbolId ?? ''}`;
    let label = words.labels.get(key);
    if (label === undefined) {
      label = t(l.kind === 'trigger' ? 'chart.lineTriggerLabel' : 'chart.lineOrderLabel', { side: sideText(l.side), qty: qtyText(l.qty), price: l.price });
      if (words.labels.size > 5000) words.labels.clear();
      words.labels.set(key, label);
    }
    return label;
  };
  // The labels' handlers read this render's state through one stable object.
  const latest = useRef({ lines, onDown, onMove, onUp, onKey });
  latest.current = { lines, onDown, onMove, onUp, onKey };
  const on = useMemo<LineEvents>(() => {
    const find = (id: string) => latest.current.lines.find((l) => l.id === id);
    return {
      down: (id, e) => {
        const l = find(id);
        if (l) latest.current.onDown(l, e);
      },
      move: (e) => latest.current.onMove(e),
      up: (e) => latest.current.onUp(e),
      key: (id, e) => {
        const l = find(id);
        if (l) latest.current.onKey(l, e);
      },
    };
  }, []);
  const pendingText = t('chart.linePending');

  const reasonText = (c: Confirm) =>
    c.reason === 'modify'
      ? null
      : c.reason === 'samePrice'
        ? t('chart.confirmSamePrice', { price: c.price })
        : c.reason === 'qtyEqualsExecuted'
          ? t('chart.confirmQtyExecuted')
          : t('chart.confirmTriggerCross', { price: c.price });

  return (
    <div ref={layerRef} className="chart-lines" data-testid="chart-order-lines">
      {lines.map((l) => (
        <LineLabel
          key={l.id}
          id={l.id}
          orderId={l.orderId}
          kind={l.kind}
          side={l.side}
          price={l.price}
          qty={qtyText(l.qty)}
          draggable={l.draggable}
          pending={l.pending}
          label={labelOf(l)}
          sideText={sideText(l.side)}
          triggerText={words.trigger}
          pendingText={pendingText}
          on={on}
        />
      ))}
      {avgs.map((a) => {
        const range = dayLabel(t, a.days);
        return (
          <div key={a.side} className="chart-line chart-line--avg" data-line-price={a.price} data-testid={`chart-avg-${a.side.toLowerCase()}`}>
            {t(a.side === 'Buy' ? 'chart.avgBuyLabel' : 'chart.avgSellLabel', { price: a.price, range })}
          </div>
        );
      })}
      <PositionGridLabels position={position} grids={grids} />
      <ToolPreviewLabels preview={preview} />
      {confirm ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <Dialog
            title={t('chart.modifyTitle')}
            onClose={() => {
              setConfirm(null);
              rejectDrop(undefined);
            }}
            actions={
              <>
                <Button
                  onClick={() => {
                    setConfirm(null);
                    rejectDrop(undefined);
                  }}
                >
                  {t('chart.cancel')}
                </Button>
                <Button
                  variant="primary"
                  onClick={() => {
                    const c = confirm;
                    setConfirm(null);
                    if (c.reason === 'modify' && dontAsk) void setConfirmPref('chartModify', false);
                    void modifyFromLine(c.line, c.order, c.price);
                  }}
                >
                  {t('chart.confirm')}
                </Button>
              </>
            }
          >
            {reasonText(confirm) ? <p>{reasonText(confirm)}</p> : null}
            <ModifySummary order={confirm.order} kind={confirm.line.kind} price={confirm.price} />
            {confirm.reason === 'modify' ? (
              <label className="chart-modify__dont-ask">
                <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
                {t('chart.dontAskAgain')}
              </label>
            ) : null}
          </Dialog>
        </Suspense>
      ) : null}
    </div>
  );
}
