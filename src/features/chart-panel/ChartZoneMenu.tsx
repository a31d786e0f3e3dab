import { useTranslation } from 'react-i18next';
import { zoneOffsetLabel } from '../../core/datetime.ts';
import { useSignals } from '../../state/signals.ts';
import { chartZone, chartZoneChoice, setChartZone, ZONE_CHOICES, zoneChoices, type ZoneChoice } from '../../state/chart/chart-zone.ts';
import { Menu, type MenuEntry } from '../../ui/Menu.tsx';

const ENTRY_KEYS: Record<ZoneChoice, string> = { utc: 'chart.zoneUtc', local: 'chart.zoneLocal', exchange: 'chart.zoneExchange' };

/**
 * The chart's time zone in the corner of its axes (issue 33 item 4), as its offset from UTC, and
 * the switch between UTC, the browser's own zone and the exchange's.
 */
export function ChartZoneMenu() {
  useSignals();
  const { t } = useTranslation();
  const now = Date.now();
  const zone = chartZone.value;
  const shown = zoneOffsetLabel(zone, now);
  const choices = zoneChoices.value;
  const entries: MenuEntry[] = ZONE_CHOICES.map((c) => ({
    id: c,
    label: t(ENTRY_KEYS[c], { zone: choices[c], offset: zoneOffsetLabel(choices[c], now) }),
    onAction: () => setChartZone(c),
  }));
  return (
    <div className="chart-zone" data-testid="chart-zone">
      <Menu
        label={t('chart.zoneMenu')}
        triggerLabel={t('chart.zoneButton', { zone: shown })}
        triggerClassName="chart-zone__button"
        entries={entries}
        selectedId={chartZoneChoice.value}
        placement="top end"
        trigger={shown}
      />
    </div>
  );
}
