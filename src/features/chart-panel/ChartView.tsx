import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { candleState } from '../../state/chart/candles.ts';
import { noticeState } from '../../state/chart/chart-notice.ts';
import { startChartOverlays } from '../../state/chart/chart-overlays.ts';
import { startPositionLoader } from '../../state/chart/chart-position.ts';
import { startGridBotPoll } from '../../state/trading/grid-bots.ts';
import { useSignals } from '../../state/signals.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { staleData } from '../../state/market/data-age.ts';
import { StaleMarker } from '../order-book/StaleMarker.tsx';
import { chartZone } from '../../state/chart/chart-zone.ts';
import { zoneOffsetLabel } from '../../core/datetime.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { HeatmapLegend } from './HeatmapLegend.tsx';
import { ChartSummary } from './ChartSummary.tsx';
import { ChartToolbar } from './ChartToolbar.tsx';
import { DrawingLabels, DrawingStrip } from './DrawingTools.tsx';
import { CountdownMask, ErrorMask } from './NoticeMasks.tsx';
import { OrderLinesLayer } from './OrderLinesLayer.tsx';
import { QuickOrderWidget } from './QuickOrderWidget.tsx';

// The time-zone switch's react-aria menu loads once the chart has drawn; its label shows meanwhile.
const ChartZoneMenu = lazy(() => import('./ChartZoneMenu.tsx').then((m) => ({ default: m.ChartZoneMenu })));

/** The chart's time zone in its corner (issue 33 item 4). */
function ChartZone() {
  useSignals();
  const fallback = (
    <div className="chart-zone">
      <span className="chart-zone__button">{zoneOffsetLabel(chartZone.value, Date.now())}</span>
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <ChartZoneMenu />
    </Suspense>
  );
}

interface Props {
  pro: boolean;
  rootRef: RefObject<HTMLDivElement | null>;
}

/** The price chart with its toolbar, legend, overlays (spinner, no data, masks) and accessible summary. */
export function ChartView({ pro, rootRef }: Props) {
  useSignals();
  const { t } = useTranslation();
  const widgetRef = useRef<ChartWidget | null>(null);
  const [widget, setWidget] = useState<ChartWidget | null>(null);
  // Stable, or the canvas host would remount on every render.
  const onWidget = useCallback((w: ChartWidget | null) => {
    widgetRef.current = w;
    setWidget(w);
  }, []);
  useEffect(() => startChartOverlays(), []);
  useEffect(() => startPositionLoader(), []);
  useEffect(() => startGridBotPoll(), []);
  const state = candleState.value;
  const notice = noticeState.value;
  return (
    <div className="chart-view">
      <ChartToolbar pro={pro} widgetRef={widgetRef} rootRef={rootRef} />
      <div className="chart-view__body">
      <DrawingStrip />
      <div className="chart-view__stage" data-stale={state === 'ready' && staleData.kline.value}>
        <ChartCanvas onWidget={onWidget} />
        <DrawingLabels widget={widget} />
        <ChartLegend />
        <HeatmapLegend />
        {state === 'ready' ? <StaleMarker stream="kline" onlyWithAge /> : null}
        {state === 'ready' ? <ChartZone /> : null}
        <OrderLinesLayer widget={widget} />
        <div className="chart-lines">
          <QuickOrderWidget widget={widget} />
        </div>
        {state === 'loading' ? (
          <div className="chart-view__overlay">
            <Spinner label={t('chart.loading')} />
          </div>
        ) : null}
        {state === 'empty' && notice.kind !== 'countdown' && notice.kind !== 'error' ? (
          <div className="chart-view__overlay" data-testid="chart-no-data">
            <p>{t('chart.noData')}</p>
          </div>
        ) : null}
        {notice.kind === 'countdown' ? <CountdownMask notice={notice} /> : null}
        {notice.kind === 'error' ? <ErrorMask /> : null}
      </div>
      </div>
      <ChartSummary />
    </div>
  );
}
