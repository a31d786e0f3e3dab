// The chart's time zone as a person picks it (issue 33 item 4): UTC (spec 9's default), the
// browser's own zone, or the exchange's (the account's time-zone setting on the exchange, which
// the day's open prices follow; UTC for a visitor, as the exchange's default). The choice is kept
// as the zone itself in the chart preferences (the axis, legend and trade history read that).
import { UTC_ZONE } from '../../core/chart/time-zone.ts';
import { localZone } from '../../core/datetime.ts';
import { userTimeZone } from '../account/open-prices.ts';
import { computed } from '../signals.ts';
import { chartPrefs, updatePrefs } from './chart-settings.ts';

export type ZoneChoice = 'utc' | 'local' | 'exchange';
export const ZONE_CHOICES: readonly ZoneChoice[] = ['utc', 'local', 'exchange'];

/** The zone each choice stands for now. */
export const zoneChoices = computed<Record<ZoneChoice, string>>(() => ({ utc: UTC_ZONE, local: localZone(), exchange: userTimeZone.value ?? UTC_ZONE }));

/** The chart's zone. */
export const chartZone = computed(() => chartPrefs.value.timeZone);

/** Which choice the chart's zone is (UTC first when two give the same zone), or null for another zone from the settings. */
export const chartZoneChoice = computed<ZoneChoice | null>(() => {
  const z = chartPrefs.value.timeZone;
  return ZONE_CHOICES.find((c) => zoneChoices.value[c] === z) ?? null;
});

/** Puts the chart in the zone of this choice. */
export function setChartZone(choice: ZoneChoice): void {
  updatePrefs({ timeZone: zoneChoices.peek()[choice] });
}
