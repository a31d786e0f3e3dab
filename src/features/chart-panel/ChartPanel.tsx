import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startCandleSync } from '../../state/chart/candles.ts';
import { startLayoutSync } from '../../state/chart/chart-layout.ts';
import { startNoticeSync } from '../../state/chart/chart-notice.ts';
import { chartMode, setChartMode, type ChartMode } from '../../state/chart/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { user } from '../../state/account/user.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tabs, TabPanel } from '../../ui/Tabs.tsx';
import { ChartView } from './ChartView.tsx';
import './chart-panel.css';

// The depth chart and trade analysis load when first chosen (the price chart is what shows first).
const DepthView = lazy(() => import('./DepthView.tsx').then((m) => ({ default: m.DepthView })));
const TradeAnalysis = lazy(() => import('./TradeAnalysis.tsx').then((m) => ({ default: m.TradeAnalysis })));

/** Where a view goes while its code loads: the view's own box, with a spinner. */
function ViewLoading() {
  const { t } = useTranslation();
  return (
    <div className="chart-view">
      <div className="chart-view__overlay">
        <Spinner label={t('chart.loading')} />
      </div>
    </div>
  );
}

type TopTab = 'chart' | 'analysis';
const MODES: ReadonlyArray<{ mode: ChartMode; key: string }> = [
  { mode: 'simple', key: 'chart.modeSimple' },
  { mode: 'pro', key: 'chart.modePro' },
  { mode: 'depth', key: 'chart.modeDepth' },
];

/** The chart area (spec 2.4): Chart / Trade-analysis tabs, the Simple / Pro / Depth switch, and the chosen view. */
export function ChartPanel() {
  useSignals();
  const { t } = useTranslation();
  const [tab, setTab] = useState<TopTab>('chart');
  const rootRef = useRef<HTMLDivElement>(null);
  const demo = user.value.isDemoAccount;
  const mode = chartMode.value;
  useEffect(() => startNoticeSync(), []);
  useEffect(() => startCandleSync(), []);
  useEffect(() => startLayoutSync(), []);
  const current: TopTab = demo ? 'chart' : tab;
  return (
    <div className="chart-panel" ref={rootRef} data-mode={mode}>
      <div className="chart-panel__head">
        {demo ? (
          <span className="chart-panel__label">{t('chart.tabChart')}</span>
        ) : (
          <Tabs
            idPrefix="chart"
            label={t('chart.tabs')}
            className="chart-panel__tabs"
            active={current}
            onChange={setTab}
            items={[
              { key: 'chart', label: t('chart.tabChart') },
              { key: 'analysis', label: t('chart.tabAnalysis') },
            ]}
          />
        )}
        {current === 'chart' ? (
          <div className="chart-panel__modes" role="radiogroup" aria-label={t('chart.modes')}>
            {MODES.map((m) => (
              <button key={m.mode} type="button" role="radio" aria-checked={mode === m.mode} className="chart-chip" onClick={() => setChartMode(m.mode)}>
                {t(m.key)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {current === 'chart' ? (
        <TabPanel idPrefix="chart" tabKey="chart" className="chart-panel__body">
          {mode === 'depth' ? (
            <Suspense fallback={<ViewLoading />}>
              <DepthView />
            </Suspense>
          ) : (
            <ChartView pro={mode === 'pro'} rootRef={rootRef} />
          )}
        </TabPanel>
      ) : (
        <TabPanel idPrefix="chart" tabKey="analysis" className="chart-panel__body">
          <Suspense fallback={<ViewLoading />}>
            <TradeAnalysis />
          </Suspense>
        </TabPanel>
      )}
    </div>
  );
}
