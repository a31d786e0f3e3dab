import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalMs, TIME_FRAME_PRESETS } from '../../core/chart/intervals.ts';
import type { ChartWidget } from '../../render/chart/chart-widget.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { CHART_TYPES, chartInterval, chartType, barIntervals, compareSymbol, setChartInterval, setChartType, setCompareSymbol, type ChartType } from '../../state/chart/chart-settings.ts';
import { setTradeHistoryOpen, tradeHistoryOpen } from '../../state/chart/chart-overlays.ts';
import { symbolsState } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';
import { Popover } from '../../ui/Popover.tsx';
import { DisplayButton } from './DisplayButton.tsx';
import { intervalLabelKey } from './interval-labels.ts';
import { useScrollHint } from './useScrollHint.ts';
import { useToolbarFold } from './useToolbarFold.ts';

// Popovers and the trade-history modal load when first opened.
const IntervalMenu = lazy(() => import('./IntervalMenu.tsx').then((m) => ({ default: m.IntervalMenu })));
const IndicatorDialog = lazy(() => import('./IndicatorDialog.tsx').then((m) => ({ default: m.IndicatorDialog })));
const SettingsDialog = lazy(() => import('./SettingsDialog.tsx').then((m) => ({ default: m.SettingsDialog })));
const DisplayMenu = lazy(() => import('./DisplayMenu.tsx').then((m) => ({ default: m.DisplayMenu })));
const TradeHistoryDialog = lazy(() => import('./TradeHistoryDialog.tsx').then((m) => ({ default: m.TradeHistoryDialog })));

type Menu = 'intervals' | 'indicators' | 'settings' | 'display' | 'more' | null;

/** One foldable thing of the toolbar: a field (node), a button opening a popover (menu), or an action. */
interface ToolItem {
  key: string;
  node: ReactNode;
  menu?: 'indicators' | 'settings' | 'display';
  action?: () => void;
}

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

/**
 * The chart toolbar (spec 2.5): intervals, chart type, and in Pro compare, indicators, settings;
 * screenshot and full screen. What does not fit the strip folds into a ⋯ popover (issue 15 item 6).
 */
export function ChartToolbar({ pro, widgetRef, rootRef }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  const [menu, setMenu] = useState<Menu>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
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
  const timeFrame = (
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
  );
  const typeSelect = (
    <select aria-label={t('chart.chartType')} value={chartType.value} onChange={(e) => setChartType(e.target.value as ChartType)}>
      {CHART_TYPES.map((ty) => (
        <option key={ty} value={ty}>
          {t(`chart.type.${ty}`)}
        </option>
      ))}
    </select>
  );
  const compare = (
    <select aria-label={t('chart.compare')} value={compareSymbol.value ?? ''} onChange={(e) => setCompareSymbol(e.target.value || null)}>
      <option value="">{t('chart.compareNone')}</option>
      {others.map((s) => (
        <option key={s.symbolId} value={s.symbolId}>
          {s.baseTokenName}/{s.quoteTokenName}
        </option>
      ))}
    </select>
  );
  // What the strip holds after the intervals, in the order it gives up room: the last folds first
  // into the "more" popover (useToolbarFold), so what a trader reaches for most comes first: the
  // display options (orders and lines on the chart), the chart type, then Pro's tools. A popover
  // opened from the ⋯ popover sits by the ⋯ button.
  const items: ToolItem[] = [
    { key: 'display', menu: 'display', node: null },
    { key: 'chartType', node: typeSelect },
    ...(pro
      ? [
          { key: 'timeFrame', node: timeFrame },
          { key: 'indicators', menu: 'indicators' as const, node: <>{t('chart.indicators')}</> },
          { key: 'settings', menu: 'settings' as const, node: <>{t('chart.settings')}</> },
          { key: 'compare', node: compare },
        ]
      : []),
    { key: 'screenshot', action: () => void saveScreenshot(widgetRef.current, `${symbol?.symbolId ?? 'chart'}-${interval}`), node: <>{t('chart.screenshot')}</> },
    {
      key: 'fullScreen',
      action: () => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void rootRef.current?.requestFullscreen?.();
      },
      node: <>{t('chart.fullScreen')}</>,
    },
  ];
  const shown = useToolbarFold(
    stripRef,
    items.map((i) => i.key),
    i18n.language,
  );
  const folded = items.slice(shown);
  const isFolded = (m: Exclude<Menu, null | 'more'>) => folded.some((i) => i.menu === m);
  const anchor = (m: Exclude<Menu, null | 'more'>) => (isFolded(m) ? moreRef : triggers[m]);
  const render = (item: ToolItem, inMore: boolean) => {
    if (item.key === 'display')
      return <DisplayButton ref={inMore ? undefined : triggers.display} open={menu === 'display'} onToggle={() => toggle('display')} />;
    if (item.menu) {
      const m = item.menu;
      return (
        <button ref={inMore ? undefined : triggers[m]} type="button" className="chart-chip" aria-expanded={menu === m} aria-haspopup="dialog" onClick={() => toggle(m)}>
          {item.node}
        </button>
      );
    }
    if (item.action) {
      const act = item.action;
      return (
        <button
          type="button"
          className="chart-chip"
          onClick={() => {
            if (inMore) close();
            act();
          }}
        >
          {item.node}
        </button>
      );
    }
    return <label className="chart-toolbar__field">{item.node}</label>;
  };
  return (
    // An edge with intervals or tools scrolled past it fades (issue 33: on a phone the strip was cut
    // at "1M" with nothing to say it went on), with OverflowTabs' marks.
    <div className="chart-toolbar-wrap" data-hint-before={hint.before} data-hint-after={hint.after} data-cut-left={hint.left ? '' : undefined} data-cut-right={hint.right ? '' : undefined}>
      <div className="chart-toolbar" ref={stripRef} role="toolbar" aria-label={t('chart.toolbar')}>
        <div className="chart-toolbar__group" role="group" aria-label={t('chart.interval')}>
          {barIntervals.value.map((i) => (
            <button key={i} type="button" className="chart-chip" aria-pressed={interval === i} onClick={() => setChartInterval(i)}>
              {label(i)}
            </button>
          ))}
          <button ref={triggers.intervals} type="button" className="chart-chip" aria-label={t('chart.allIntervals')} aria-expanded={menu === 'intervals'} aria-haspopup="dialog" onClick={() => toggle('intervals')}>
            {barIntervals.value.includes(interval) ? t('chart.moreIntervals') : label(interval)} ▾
          </button>
        </div>
        {items.slice(0, shown).map((item) => (
          <span key={item.key} className="chart-toolbar__item" data-fold={item.key}>
            {render(item, false)}
          </span>
        ))}
        {folded.length > 0 ? (
          <button
            ref={moreRef}
            type="button"
            className="chart-chip chart-toolbar__more"
            data-fold-more=""
            aria-label={t('chart.moreLabel')}
            aria-expanded={menu === 'more'}
            aria-haspopup="dialog"
            onClick={() => toggle('more')}
          >
            ⋯
          </button>
        ) : null}
      </div>
      {menu === 'more' && folded.length > 0 ? (
        <Popover triggerRef={moreRef} label={t('chart.moreLabel')} onClose={close} placement="bottom end" className="chart-menu chart-more">
          <div className="chart-more__list">
            {folded.map((item) => (
              <div key={item.key} className="chart-more__item">
                {render(item, true)}
              </div>
            ))}
          </div>
        </Popover>
      ) : null}
      <Suspense fallback={null}>
        {menu === 'intervals' ? <IntervalMenu triggerRef={triggers.intervals} onClose={close} /> : null}
        {menu === 'indicators' ? <IndicatorDialog triggerRef={anchor('indicators')} onClose={close} /> : null}
        {menu === 'settings' ? <SettingsDialog triggerRef={anchor('settings')} onClose={close} /> : null}
        {menu === 'display' ? (
          <DisplayMenu
            triggerRef={anchor('display')}
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
