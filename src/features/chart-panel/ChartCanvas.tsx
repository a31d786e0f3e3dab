import { memo, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { loadOlderCandles } from '../../state/chart/candles.ts';
import { chartHoverY, clearChartHover, setChartHover } from '../../state/chart/chart-view.ts';
import { snapPrice } from '../../core/chart/order-overlays.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { provideChartHoverPrice } from '../../state/trading/hotkey-settings.ts';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { mountChart } from './chart-canvas-mount.ts';
import { hitTest, magnetize, moved, POINTS, resized, type Anchor, type Drawing, type Pt } from '../../core/chart/drawings.ts';
import { projectionOf } from '../../render/chart/drawings-draw.ts';
import { candleSeries } from '../../state/chart/candles.ts';
import {
  beginEdit, chooseTool, draftDrawing, drawingPrefs, drawingTool, moveDraft, pairDrawings, placePoint, redoDrawing, removeDrawing, selectDrawing, selectedDrawing, undoDrawing, updateDrawing,
} from '../../state/chart/drawings.ts';

/** Bars from the left edge at which the next older page is asked for. */
const PAGE_AHEAD_BARS = 10;
const KEY_PAN_PX = 60;
const KEY_ZOOM = 1.25;

interface Props {
  onWidget: (w: ChartWidget | null) => void;
}

/**
 * Hosts the chart canvases. React renders this once; pointer, wheel, pinch and keyboard become
 * calls on the widget (pan, zoom, crosshair), and the hovered bar goes to the state for the legend.
 */
export const ChartCanvas = memo(function ChartCanvas({ onWidget }: Props) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<ChartWidget | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef(0);
  /** A drawing being moved (handle -1) or resized by a handle. */
  const edit = useRef<{ id: string; handle: number; start: Pt; from: Drawing; begun: boolean } | null>(null);

  /** The anchor under a point of the main pane, pulled to the bar's OHLC when the magnet is on; null off the pane. */
  const anchorAt = (p: Pt): Anchor | null => {
    const geo = widgetRef.current?.geometry;
    if (!geo || geo.length === 0 || p.x < 0 || p.x > geo.plotW || p.y < geo.main.top || p.y > geo.main.top + geo.main.height) return null;
    const proj = projectionOf(geo);
    const a = proj.fromScreen(p);
    if (!drawingPrefs.peek().magnet || geo.percent) return a;
    const i = Math.round(geo.ts.indexAt(p.x));
    if (i < 0 || i >= candleSeries.length) return a;
    const s = candleSeries;
    const snapped = magnetize(a, [s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!], (v) => geo.main.y(v), p.y);
    return { t: s.time[i]!, p: snapped.p };
  };

  /** A press on a drawing selects it and starts its move or resize; true when it was one. */
  const pressDrawing = (p: Pt): boolean => {
    const geo = widgetRef.current?.geometry;
    if (!geo || drawingPrefs.peek().hideAll) return false;
    const proj = projectionOf(geo);
    const hit = hitTest(pairDrawings.peek(), proj, p, selectedDrawing.peek(), (v) => v.toFixed(geo.precision));
    if (!hit) {
      if (selectedDrawing.peek()) selectDrawing(null);
      return false;
    }
    selectDrawing(hit.id);
    const d = pairDrawings.peek().find((x) => x.id === hit.id)!;
    if (!d.locked) edit.current = { id: hit.id, handle: hit.handle, start: p, from: d, begun: false };
    return true;
  };

  const dragDrawing = (p: Pt): void => {
    const e = edit.current;
    const geo = widgetRef.current?.geometry;
    if (!e || !geo) return;
    if (!e.begun) {
      if (Math.hypot(p.x - e.start.x, p.y - e.start.y) < 3) return;
      e.begun = true;
      beginEdit();
    }
    if (e.handle < 0) updateDrawing(e.id, () => moved(e.from, projectionOf(geo), p.x - e.start.x, p.y - e.start.y), false);
    else {
      const a = anchorAt(p) ?? projectionOf(geo).fromScreen(p);
      updateDrawing(e.id, () => resized(e.from, e.handle, a), false);
    }
  };

  useCanvasHost(
    hostRef,
    {
      layers: 2,
      className: 'chart-canvas__layer',
      mount: ([canvas, overlay], width, height) => {
        const m = mountChart(canvas!, overlay!, width, height);
        m.widget.onViewChange = (from, _to, length) => {
          if (length > 0 && from < PAGE_AHEAD_BARS) loadOlderCandles();
        };
        return m;
      },
      onMount: (m) => {
        widgetRef.current = m?.widget ?? null;
        onWidget(m?.widget ?? null);
        if (!m) clearChartHover();
      },
    },
    [onWidget],
  );

  // The price under the crosshair, for the hotkey that places a limit order there (issue 35).
  useEffect(() => {
    provideChartHoverPrice(() => {
      const y = chartHoverY.peek();
      const geo = widgetRef.current?.geometry;
      const symbol = activeSymbol.peek();
      if (y === null || !geo || geo.percent || !symbol || y < geo.main.top || y > geo.main.top + geo.main.height) return null;
      return snapPrice(geo.main.valueAt(y), symbol.tickSize);
    });
    return () => provideChartHoverPrice(null);
  }, []);

  // Wheel must be non-passive to keep the page from scrolling while zooming the chart.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const onWheel = (e: WheelEvent) => {
      const widget = widgetRef.current;
      if (!widget) return;
      e.preventDefault();
      const rect = host.getBoundingClientRect();
      if (Math.abs(e.deltaX) > Math.abs(e.deltaY) || e.shiftKey) widget.pan(-(e.shiftKey ? e.deltaY : e.deltaX));
      else widget.zoom(Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015)), e.clientX - rect.left);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, []);

  const local = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = local(e);
    if (e.button === 0 && e.pointerType !== 'touch' || touches.current.size === 0) {
      const tool = drawingTool.peek();
      if (tool) {
        const a = anchorAt(p);
        if (a) placePoint(a, POINTS[tool]);
        return;
      }
      if (pressDrawing(p)) return;
    }
    touches.current.set(e.pointerId, p);
    drag.current = p;
    if (touches.current.size === 2) {
      const [a, b] = [...touches.current.values()];
      pinch.current = Math.hypot(a!.x - b!.x, a!.y - b!.y);
    }
  };

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const w = widgetRef.current;
    if (!w) return;
    const p = local(e);
    if (touches.current.has(e.pointerId)) touches.current.set(e.pointerId, p);
    if (touches.current.size === 2 && pinch.current > 0) {
      const [a, b] = [...touches.current.values()];
      const dist = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      w.zoom(dist / pinch.current, (a!.x + b!.x) / 2);
      pinch.current = dist;
      return;
    }
    if (drawingTool.peek() && draftDrawing.peek()) {
      const a = anchorAt(p);
      if (a) moveDraft(a);
    } else if (edit.current && e.buttons !== 0) dragDrawing(p);
    else if (drag.current && e.buttons !== 0) {
      w.pan(p.x - drag.current.x, p.y - drag.current.y);
      drag.current = p;
    }
    w.setPointer(p);
    setChartHover(w.barAt(p.x), p.y);
  };

  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    touches.current.delete(e.pointerId);
    if (touches.current.size < 2) pinch.current = 0;
    drag.current = null;
    edit.current = null;
  };

  const onLeave = () => {
    widgetRef.current?.setPointer(null);
    clearChartHover();
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const w = widgetRef.current;
    if (!w) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const drawKeys: Array<[boolean, () => unknown]> = [
      [mod && key === 'z' && !e.shiftKey, undoDrawing],
      [mod && ((key === 'z' && e.shiftKey) || key === 'y'), redoDrawing],
      // A locked drawing is kept from the keys as from the pointer (the list still deletes it).
      [(e.key === 'Delete' || e.key === 'Backspace') && selectedDrawing.peek() !== null && !pairDrawings.peek().find((d) => d.id === selectedDrawing.peek())?.locked, () => removeDrawing(selectedDrawing.peek()!)],
      [e.key === 'Escape' && (drawingTool.peek() !== null || selectedDrawing.peek() !== null), () => (drawingTool.peek() ? chooseTool(null) : selectDrawing(null))],
    ];
    const hit = drawKeys.find(([when]) => when);
    if (hit) {
      e.preventDefault();
      hit[1]();
      return;
    }
    const centre = (hostRef.current?.clientWidth ?? 0) / 2;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => w.pan(KEY_PAN_PX),
      ArrowRight: () => w.pan(-KEY_PAN_PX),
      ArrowUp: () => w.zoom(KEY_ZOOM, centre),
      ArrowDown: () => w.zoom(1 / KEY_ZOOM, centre),
      '+': () => w.zoom(KEY_ZOOM, centre),
      '=': () => w.zoom(KEY_ZOOM, centre),
      '-': () => w.zoom(1 / KEY_ZOOM, centre),
      Home: () => w.resetView(),
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  return (
    <div
      ref={hostRef}
      className="chart-canvas"
      role="img"
      aria-label={t('chart.canvasLabel')}
      aria-describedby="chart-keyboard-help chart-drawing-keys"
      tabIndex={0}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onPointerLeave={onLeave}
      onKeyDown={onKey}
      data-testid="chart-canvas"
    >
      <span id="chart-keyboard-help" className="visually-hidden">
        {t('chart.keyboardHelp')}
      </span>
      <span id="chart-drawing-keys" className="visually-hidden">
        {t('chart.drawings.keysHelp')}
      </span>
    </div>
  );
});
