import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartWidget } from '../../render/chart/mount.ts';
import { candleState } from '../../state/candles.ts';
import { noticeState } from '../../state/chart-notice.ts';
import { useSignals } from '../../state/signals.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ChartCanvas } from './ChartCanvas.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { ChartSummary } from './ChartSummary.tsx';
import { ChartToolbar } from './ChartToolbar.tsx';
import { CountdownMask, ErrorMask } from './NoticeMasks.tsx';

interface Props {
  pro: boolean;
  rootRef: RefObject<HTMLDivElement | null>;
}

/** The price chart with its toolbar, legend, overlays (spinner, no data, masks) and accessible summary. */
export function ChartView({ pro, rootRef }: Props) {
  useSignals();
  const { t } = useTranslation();
  const widgetRef = useRef<ChartWidget | null>(null);
  const [, setReady] = useState(false);
  // Stable, or the canvas host would remount on every render.
  const onWidget = useCallback((w: ChartWidget | null) => {
    widgetRef.current = w;
    setReady(w !== null);
  }, []);
  const state = candleState.value;
  const notice = noticeState.value;
  return (
    <div className="chart-view">
      <ChartToolbar pro={pro} widgetRef={widgetRef} rootRef={rootRef} />
      <div className="chart-view__stage">
        <ChartCanvas onWidget={onWidget} />
        <ChartLegend />
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
      <ChartSummary />
    </div>
  );
}
