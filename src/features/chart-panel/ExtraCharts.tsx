// Issue 36 item 3: the charts beside the page's own when the Layout asks for two or four. Each is
// the same chart widget on its own candle loader (state/chart/extra-charts.ts), with a pair and an
// interval picker; pan with a drag, zoom with the wheel.
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_INTERVALS, isChartInterval } from '../../core/chart/intervals.ts';
import { DEFAULT_INDICATORS, MIN_BAR_SPACING, RIGHT_OFFSET_BARS } from '../../core/chart/chart-prefs.ts';
import type { ChartPick } from '../../core/workspace.ts';
import { ChartWidget } from '../../render/chart/chart-widget.ts';
import { setExtraChart, workspace } from '../../state/account/workspace.ts';
import { chartPrefs, chartType } from '../../state/chart/chart-settings.ts';
import { extraCharts, startExtraCharts, type ExtraChart as Slot } from '../../state/chart/extra-charts.ts';
import { swapUpDown } from '../../state/market/book-view.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import { mountHere } from '../canvas/host-here.ts';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { intervalLabelKey } from './interval-labels.ts';
import './chart-panel.css';

/** The widget for one extra chart, redrawn when its candles or the page's chart style change. */
function mountExtra(canvas: HTMLCanvasElement, overlay: HTMLCanvasElement, width: number, height: number, slot: Slot, index: number) {
  const read = () => ({
    series: slot.loader.series,
    version: slot.version.value,
    type: chartType.value,
    indicators: DEFAULT_INDICATORS,
    prefs: chartPrefs.value,
    theme: canvasTheme.value,
    swap: swapUpDown.value,
    precision: slot.loader.current?.decimals ?? 2,
    compare: null,
    compareVersion: 0,
    rightOffset: RIGHT_OFFSET_BARS,
    minBarSpacing: MIN_BAR_SPACING,
  });
  const widget = new ChartWidget(canvas, overlay, width, height, read);
  // What the chart drew, for the page's tests (state/debug.ts): its pair, interval and bars.
  return mountHere(widget, read, `extraChart${index + 1}`, () => {
    const s = slot.loader.series;
    return { symbol: slot.loader.current?.symbol ?? null, interval: slot.loader.current?.interval ?? null, bars: widget.geometry?.length ?? 0, draws: widget.stats.draws, lastClose: s.length > 0 ? s.close[s.length - 1] : null };
  });
}

function ExtraChart({ index, pick }: { index: number; pick: ChartPick }) {
  useSignals();
  const { t } = useTranslation();
  const slot = extraCharts[index]!;
  const hostRef = useRef<HTMLDivElement>(null);
  const drag = useRef<number | null>(null);
  const mounted = useCanvasHost(hostRef, { layers: 2, className: 'chart-canvas__layer', mount: ([c, o], w, h) => mountExtra(c!, o!, w, h, slot, index) }, [index]);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const onWheel = (e: WheelEvent) => {
      const w = mounted.current?.widget;
      if (!w) return;
      e.preventDefault();
      w.zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - host.getBoundingClientRect().left);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [mounted]);
  const symbols = symbolList.value;
  const sym = symbols.find((s) => s.symbolId === pick.symbol);
  const pair = sym ? `${sym.baseTokenName}/${sym.quoteTokenName}` : pick.symbol;
  const intervalLabel = (i: (typeof CHART_INTERVALS)[number]) => {
    const l = intervalLabelKey(i);
    return t(l.key, { count: l.count });
  };
  const state = slot.state.value;
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const w = mounted.current?.widget;
    if (!w) return;
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
    if (drag.current !== null && e.buttons !== 0) {
      w.pan(x - drag.current);
      drag.current = x;
    }
    w.setPointer({ x, y: e.clientY - e.currentTarget.getBoundingClientRect().top });
  };
  return (
    <section className="extra-chart" aria-label={t('workspace.extraChart', { n: index + 2 })} data-testid={`extra-chart-${index + 1}`}>
      <div className="extra-chart__head">
        <label>
          <span className="visually-hidden">{t('workspace.pair')}</span>
          <select value={pick.symbol} onChange={(e) => setExtraChart(index, { ...pick, symbol: e.target.value })} aria-label={t('workspace.pair')}>
            {sym ? null : <option value={pick.symbol}>{pick.symbol}</option>}
            {symbols.map((s) => (
              <option key={s.symbolId} value={s.symbolId}>
                {`${s.baseTokenName}/${s.quoteTokenName}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('workspace.interval')}</span>
          <select
            value={pick.interval}
            aria-label={t('workspace.interval')}
            onChange={(e) => {
              if (isChartInterval(e.target.value)) setExtraChart(index, { ...pick, interval: e.target.value });
            }}
          >
            {CHART_INTERVALS.map((i) => (
              <option key={i} value={i}>
                {intervalLabel(i)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div
        ref={hostRef}
        className="chart-canvas extra-chart__canvas"
        role="img"
        aria-label={t('workspace.extraChartCanvas', { pair, interval: intervalLabel(pick.interval) })}
        aria-busy={state === 'loading'}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = e.clientX - e.currentTarget.getBoundingClientRect().left;
        }}
        onPointerMove={onMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onPointerLeave={() => mounted.current?.widget.setPointer(null)}
      >
        {state === 'loading' ? (
          <div className="chart-view__overlay">
            <Spinner label={t('chart.loading')} />
          </div>
        ) : state === 'empty' ? (
          <div className="chart-view__overlay">{t('chart.noData')}</div>
        ) : null}
      </div>
    </section>
  );
}

/** The extra charts the workspace asks for, live while shown. */
export function ExtraCharts() {
  useSignals();
  useEffect(() => startExtraCharts(), []);
  const grid = workspace.value.charts;
  return (
    <>
      {grid.extra.map((pick, i) => (
        <ExtraChart key={i} index={i} pick={pick} />
      ))}
    </>
  );
}
