import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startCandleSync } from '../../state/candles.ts';
import { startLayoutSync } from '../../state/chart-layout.ts';
import { startNoticeSync } from '../../state/chart-notice.ts';
import { chartMode, setChartMode, type ChartMode } from '../../state/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { user } from '../../state/user.ts';
import { Tabs, TabPanel } from '../../ui/Tabs.tsx';
import { ChartView } from './ChartView.tsx';
import { DepthView } from './DepthView.tsx';
import { TradeAnalysis } from './TradeAnalysis.tsx';
import './chart-panel.css';

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
          {mode === 'depth' ? <DepthView /> : <ChartView pro={mode === 'pro'} rootRef={rootRef} />}
        </TabPanel>
      ) : (
        <TabPanel idPrefix="chart" tabKey="analysis" className="chart-panel__body">
          <TradeAnalysis />
        </TabPanel>
      )}
    </div>
  );
}
