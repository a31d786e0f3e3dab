import type { TFunction } from 'i18next';
import { zoneOffsetLabel } from '../../core/datetime.ts';

/**
 * A table's time column names the zone its times are in (issue 33 item 4): "Time (UTC+9)". Give
 * the zone the cells are formatted in; none means the browser's own, as formatDateTimeIn does.
 */
export function timeHeader(t: TFunction, label: string, timeZone?: string): string {
  return t('timeInZone', { label, zone: zoneOffsetLabel(timeZone, Date.now()) });
}
