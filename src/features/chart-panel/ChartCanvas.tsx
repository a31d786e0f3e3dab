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
    if (drag.current && e.buttons !== 0) {
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
  };

  const onLeave = () => {
    widgetRef.current?.setPointer(null);
    clearChartHover();
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const w = widgetRef.current;
    if (!w) return;
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
      aria-describedby="chart-keyboard-help"
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
    </div>
  );
});
