// Time-axis labels: each visible bar gets a weight from the largest calendar boundary it starts
// (year, month, day, hours, minutes, seconds, in the chosen zone); labels are then placed heaviest
// first, skipping any that would sit closer than a minimum gap to one already placed. So the axis
// shows "2026" at a year change rather than a time, and never overlapping text.
import { zoneOffsetMs } from './time-zone.ts';

export const Weight = {
  Second: 1,
  Seconds5: 2,
  Seconds15: 3,
  Seconds30: 4,
  Minute: 5,
  Minutes5: 6,
  Minutes15: 7,
  Minutes30: 8,
  Hour: 9,
  Hours3: 10,
  Hours6: 11,
  Hours12: 12,
  Day: 13,
  Month: 14,
  Year: 15,
} as const;

export interface TimeTick {
  /** Bar index in the series. */
  index: number;
  x: number;
  weight: number;
  label: string;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

const DAY = 86_400_000;

/** Year × 12 + month of a day number (days since 1970-01-01), by Hinnant's civil-from-days: no Date objects. */
function monthIndexOfDay(days: number): number {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + month - 1;
}

/** The weight of bar time `t` after the previous bar time `prev`, both already shifted into the zone. */
export function boundaryWeight(prev: number, t: number): number {
  const da = Math.floor(prev / DAY);
  const db = Math.floor(t / DAY);
  if (da !== db) {
    const ma = monthIndexOfDay(da);
    const mb = monthIndexOfDay(db);
    if (Math.floor(ma / 12) !== Math.floor(mb / 12)) return Weight.Year;
    return ma !== mb ? Weight.Month : Weight.Day;
  }
  const H = 3_600_000;
  const M = 60_000;
  const step = (ms: number) => Math.floor(prev / ms) !== Math.floor(t / ms);
  if (step(12 * H)) return Weight.Hours12;
  if (step(6 * H)) return Weight.Hours6;
  if (step(3 * H)) return Weight.Hours3;
  if (step(H)) return Weight.Hour;
  if (step(30 * M)) return Weight.Minutes30;
  if (step(15 * M)) return Weight.Minutes15;
  if (step(5 * M)) return Weight.Minutes5;
  if (step(M)) return Weight.Minute;
  if (step(30_000)) return Weight.Seconds30;
  if (step(15_000)) return Weight.Seconds15;
  if (step(5_000)) return Weight.Seconds5;
  return Weight.Second;
}

/** Label text for a zone-shifted time at a weight: year, month, day, or clock time. */
export function tickLabel(zoned: number, weight: number): string {
  const d = new Date(zoned);
  if (weight >= Weight.Year) return String(d.getUTCFullYear());
  if (weight === Weight.Month) return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
  if (weight === Weight.Day) return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return weight <= Weight.Seconds30 ? `${hm}:${pad(d.getUTCSeconds())}` : hm;
}

let weights = new Uint8Array(2048);

/**
 * Labels for bars `from..to` (inclusive) of `times`, where bar i sits at `xOf(i)`; labels keep
 * at least `minGap` px apart. `times` are UTC ms; `zone` shifts them for the calendar.
 */
export function timeTicks(
  times: ArrayLike<number>,
  from: number,
  to: number,
  xOf: (i: number) => number,
  zone: string,
  minGap: number,
): TimeTick[] {
  const first = Math.max(0, from);
  const last = Math.min(times.length - 1, to);
  if (last < first) return [];
  // Weights in a reused array, then heaviest first and left to right within a weight, so
  // ties keep a steady rhythm while panning; no per-bar objects (this runs every pan frame).
  const n = last - first + 1;
  if (weights.length < n) weights = new Uint8Array(Math.max(n, weights.length * 2));
  const zoned = (t: number) => t + zoneOffsetMs(zone, t);
  let prev = first > 0 ? zoned(times[first - 1]!) : NaN;
  let maxW = 0;
  for (let i = first; i <= last; i++) {
    const z = zoned(times[i]!);
    // The first bar of the whole series has no predecessor: call it a day boundary.
    const w = Number.isNaN(prev) ? Weight.Day : boundaryWeight(prev, z);
    weights[i - first] = w;
    if (w > maxW) maxW = w;
    prev = z;
  }
  const placed: number[] = [];
  const chosen: TimeTick[] = [];
  for (let w = maxW; w >= 1; w--) {
    for (let i = first; i <= last; i++) {
      if (weights[i - first] !== w) continue;
      const x = xOf(i);
      let lo = 0;
      let hi = placed.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (placed[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      if ((lo < placed.length && placed[lo]! - x < minGap) || (lo > 0 && x - placed[lo - 1]! < minGap)) continue;
      placed.splice(lo, 0, x);
      chosen.push({ index: i, x, weight: w, label: '' });
    }
  }
  chosen.sort((a, b) => a.index - b.index);
  for (const c of chosen) c.label = tickLabel(zoned(times[c.index]!), c.weight);
  return chosen;
}
