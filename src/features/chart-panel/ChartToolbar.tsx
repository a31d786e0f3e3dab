import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalMs, TIME_FRAME_PRESETS } from '../../core/chart/intervals.ts';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { activeSymbol } from '../../state/active-market.ts';
import { CHART_TYPES, chartInterval, chartType, compareSymbol, pinnedIntervals, setChartInterval, setChartType, setCompareSymbol, type ChartType } from '../../state/chart-settings.ts';
import { setTradeHistoryOpen, tradeHistoryOpen } from '../../state/chart-overlays.ts';
import { symbolsState } from '../../state/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';
import { DisplayButton } from './DisplayButton.tsx';
import { intervalLabelKey } from './interval-labels.ts';
import { useScrollHint } from './useScrollHint.ts';

// Popovers and the trade-history modal load when first opened.
const IntervalMenu = lazy(() => import('./IntervalMenu.tsx').then((m) => ({ default: m.IntervalMenu })));
const IndicatorDialog = lazy(() => import('./IndicatorDialog.tsx').then((m) => ({ default: m.IndicatorDialog })));
const SettingsDialog = lazy(() => import('./SettingsDialog.tsx').then((m) => ({ default: m.SettingsDialog })));
const DisplayMenu = lazy(() => import('./DisplayMenu.tsx').then((m) => ({ default: m.DisplayMenu })));
const TradeHistoryDialog = lazy(() => import('./TradeHistoryDialog.tsx').then((m) => ({ default: m.TradeHistoryDialog })));

type Menu = 'intervals' | 'indicators' | 'settings' | 'display' | null;

interface Props {
  pro: boolean;
  widgetRef: RefObject<ChartWidget | null>;
  rootRef: RefObject<HTMLDivElement | null>;
}

async function saveScreenshot(widget: ChartWidget | null, name: string): Promise<void> {
  const blob = await widget?.snapshot();
  if (!blob) return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.png`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The chart toolbar (spec 2.5): intervals, chart type, and in Pro compare, indicators, settings; screenshot and full screen. */
export function ChartToolbar({ pro, widgetRef, rootRef }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [menu, setMenu] = useState<Menu>(null);
  const triggers = { intervals: useRef<HTMLButtonElement>(null), indicators: useRef<HTMLButtonElement>(null), settings: useRef<HTMLButtonElement>(null), display: useRef<HTMLButtonElement>(null) };
  const close = () => setMenu(null);
  // The trade-history modal lives with the toolbar: it goes when the toolbar does.
  useEffect(() => () => setTradeHistoryOpen(false), []);
  const stripRef = useRef<HTMLDivElement>(null);
  const hint = useScrollHint(stripRef);
  const interval = chartInterval.value;
  const symbol = activeSymbol.value;
  const others = symbolsState.value.status === 'ready' ? symbolsState.value.value.filter((s) => s.symbolId !== symbol?.symbolId) : [];
  const label = (i: typeof interval) => {
    const l = intervalLabelKey(i);
    return t(l.key, { count: l.count });
  };
  const toggle = (m: Menu) => setMenu((cur) => (cur === m ? null : m));
  return (
    <div className="chart-toolbar-wrap" data-hint-before={hint.before} data-hint-after={hint.after}>
      <div className="chart-toolbar" ref={stripRef} role="toolbar" aria-label={t('chart.toolbar')}>
        <div className="chart-toolbar__group" role="group" aria-label={t('chart.interval')}>
          {pinnedIntervals.value.map((i) => (
            <button key={i} type="button" className="chart-chip" aria-pressed={interval === i} onClick={() => setChartInterval(i)}>
              {label(i)}
            </button>
          ))}
          <button ref={triggers.intervals} type="button" className="chart-chip" aria-label={t('chart.allIntervals')} aria-expanded={menu === 'intervals'} aria-haspopup="dialog" onClick={() => toggle('intervals')}>
            {pinnedIntervals.value.includes(interval) ? t('chart.moreIntervals') : label(interval)} ▾
          </button>
        </div>
        {pro ? (
          <label className="chart-toolbar__field">
            <span className="visually-hidden">{t('chart.timeFrame')}</span>
            <select
              aria-label={t('chart.timeFrame')}
              value=""
              onChange={(e) => {
                const p = TIME_FRAME_PRESETS[Number(e.target.value)];
                if (!p) return;
                setChartInterval(p.interval);
                const days = p.unit === 'y' ? 365 * p.count : p.unit === 'm' ? 30 * p.count : p.count;
                widgetRef.current?.showBars(Math.round((days * 86_400_000) / intervalMs(p.interval)));
              }}
            >
              <option value="">{t('chart.timeFrame')}</option>
              {TIME_FRAME_PRESETS.map((p, k) => (
                <option key={k} value={k}>
                  {t(`chart.range.${p.unit}`, { count: p.count })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="chart-toolbar__field">
          <span className="visually-hidden">{t('chart.chartType')}</span>
          <select aria-label={t('chart.chartType')} value={chartType.value} onChange={(e) => setChartType(e.target.value as ChartType)}>
            {CHART_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`chart.type.${ty}`)}
              </option>
            ))}
          </select>
        </label>
        {pro ? (
          <>
            <label className="chart-toolbar__field">
              <span className="visually-hidden">{t('chart.compare')}</span>
              <select aria-label={t('chart.compare')} value={compareSymbol.value ?? ''} onChange={(e) => setCompareSymbol(e.target.value || null)}>
                <option value="">{t('chart.compareNone')}</option>
                {others.map((s) => (
                  <option key={s.symbolId} value={s.symbolId}>
                    {s.baseTokenName}/{s.quoteTokenName}
                  </option>
                ))}
              </select>
            </label>
            <button ref={triggers.indicators} type="button" className="chart-chip" aria-expanded={menu === 'indicators'} aria-haspopup="dialog" onClick={() => toggle('indicators')}>
              {t('chart.indicators')}
            </button>
            <button ref={triggers.settings} type="button" className="chart-chip" aria-expanded={menu === 'settings'} aria-haspopup="dialog" onClick={() => toggle('settings')}>
              {t('chart.settings')}
            </button>
          </>
        ) : null}
        <DisplayButton ref={triggers.display} open={menu === 'display'} onToggle={() => toggle('display')} />
        <button type="button" className="chart-chip" onClick={() => void saveScreenshot(widgetRef.current, `${symbol?.symbolId ?? 'chart'}-${interval}`)}>
          {t('chart.screenshot')}
        </button>
        <button
          type="button"
          className="chart-chip"
          onClick={() => {
            if (document.fullscreenElement) void document.exitFullscreen();
            else void rootRef.current?.requestFullscreen?.();
          }}
        >
          {t('chart.fullScreen')}
        </button>
      </div>
      {hint.after ? <span className="chart-toolbar__hint chart-toolbar__hint--after" aria-hidden="true" /> : null}
      {hint.before ? <span className="chart-toolbar__hint chart-toolbar__hint--before" aria-hidden="true" /> : null}
      <Suspense fallback={null}>
        {menu === 'intervals' ? <IntervalMenu triggerRef={triggers.intervals} onClose={close} /> : null}
        {menu === 'indicators' ? <IndicatorDialog triggerRef={triggers.indicators} onClose={close} /> : null}
        {menu === 'settings' ? <SettingsDialog triggerRef={triggers.settings} onClose={close} /> : null}
        {menu === 'display' ? (
          <DisplayMenu
            triggerRef={triggers.display}
            onClose={close}
            onTradeHistory={() => {
              close();
              setTradeHistoryOpen(true);
            }}
          />
        ) : null}
      </Suspense>
      {tradeHistoryOpen.value ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <TradeHistoryDialog onClose={() => setTradeHistoryOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
