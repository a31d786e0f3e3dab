// Time-zone offsets for the chart's axis and legend. Intl is slow per call, so offsets are cached
// per zone and hour: a 100k-candle pan asks for the same few hours again and again.

export const UTC_ZONE = 'UTC';
/** Zones the settings offer, besides UTC and the browser's own. */
export const CHART_TIME_ZONES = [
  'UTC',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Australia/Sydney',
] as const;

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const cache = new Map<string, Map<number, number>>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null;
    }
    formatters.set(zone, f);
  }
  return f;
}

/** True when the runtime knows the zone. */
export function isKnownZone(zone: string): boolean {
  return zone === UTC_ZONE || formatterFor(zone) !== null;
}

/** Offset of `zone` from UTC at `t`, in ms (0 for UTC or an unknown zone). */
export function zoneOffsetMs(zone: string, t: number): number {
  if (zone === UTC_ZONE) return 0;
  const hour = Math.floor(t / HOUR);
  let byHour = cache.get(zone);
  if (!byHour) cache.set(zone, (byHour = new Map()));
  const hit = byHour.get(hour);
  if (hit !== undefined) return hit;
  const f = formatterFor(zone);
  let off = 0;
  if (f) {
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(new Date(hour * HOUR))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    off = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - hour * HOUR;
  }
  if (byHour.size > 50_000) byHour.clear();
  byHour.set(hour, off);
  return off;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "2026-11-22 14:05" (with seconds when asked) in the zone. */
export function formatDateTime(t: number, zone: string, seconds = false): string {
  const d = new Date(t + zoneOffsetMs(zone, t));
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return seconds ? `${base}:${pad(d.getUTCSeconds())}` : base;
}
