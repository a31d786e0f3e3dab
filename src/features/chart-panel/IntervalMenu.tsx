import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_INTERVALS, type ChartInterval } from '../../core/chart/intervals.ts';
import { barIntervals, chartInterval, defaultBarIntervals, setBarIntervals, setChartInterval } from '../../state/chart/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { Popover } from '../../ui/Popover.tsx';
import { intervalLabelKey } from './interval-labels.ts';

/**
 * The all-intervals dropdown (spec 2.5): pick any interval, or 'customize fixed intervals' to
 * choose which are on the toolbar (the favourites on Pro, the pinned on Simple: spec 9), then Reset
 * (that mode's defaults) or Confirm.
 */
export function IntervalMenu({ triggerRef, onClose }: { triggerRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<readonly ChartInterval[]>(barIntervals.value);
  const label = (i: ChartInterval) => {
    const l = intervalLabelKey(i);
    return t(l.key, { count: l.count });
  };
  const toggle = (i: ChartInterval) =>
    setDraft((d) => (d.includes(i) ? d.filter((x) => x !== i) : CHART_INTERVALS.filter((x) => x === i || d.includes(x))));
  return (
    <Popover triggerRef={triggerRef} label={t('chart.allIntervals')} onClose={onClose} className="chart-menu chart-menu--intervals">
      <div className="chart-menu__grid">
        {CHART_INTERVALS.map((i) =>
          editing ? (
            <button key={i} type="button" className="chart-chip" aria-pressed={draft.includes(i)} onClick={() => toggle(i)}>
              {label(i)}
            </button>
          ) : (
            <button
              key={i}
              type="button"
              className="chart-chip"
              aria-pressed={chartInterval.value === i}
              onClick={() => {
                setChartInterval(i);
                onClose();
              }}
            >
              {label(i)}
            </button>
          ),
        )}
      </div>
      {editing ? (
        <div className="chart-menu__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setDraft(defaultBarIntervals())}>
            {t('chart.reset')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={draft.length === 0}
            onClick={() => {
              setBarIntervals(draft);
              setEditing(false);
              onClose();
            }}
          >
            {t('chart.confirm')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn--link" onClick={() => setEditing(true)}>
          {t('chart.customizeIntervals')}
        </button>
      )}
    </Popover>
  );
}
