/**
 * Which tabs a strip of `room` px shows: all if they fit; else as many as fit beside the "+N"
 * button, in order, and the selected one always (a folded one takes the last place shown).
 * `widths` are the tabs' own widths in order, `gap` the space between two, `more` the button's
 * width (ui/OverflowTabs.tsx, the orders panel's tab strip).
 */
export function fitTabs(widths: readonly number[], selected: number, room: number, gap: number, more: number): boolean[] {
  const sum = (ws: readonly number[]) => ws.reduce((n, w) => n + w, 0) + gap * Math.max(0, ws.length - 1);
  if (sum(widths) <= room + 0.5) return widths.map(() => true);
  const space = room - more;
  const shown: number[] = [];
  for (let i = 0; i < widths.length && sum([...shown, i].map((j) => widths[j]!)) <= space + 0.5; i++) shown.push(i);
  if (selected >= 0 && !shown.includes(selected)) {
    while (shown.length > 0 && sum([...shown, selected].map((j) => widths[j]!)) > space + 0.5) shown.pop();
    shown.push(selected);
  }
  return widths.map((_, i) => shown.includes(i));
}
