const cssColors = new Map<number, string>();

/** `#rrggbb` for a 0xrrggbb colour, cached (canvas state setters parse the string). */
export function cssColor(c: number): string {
  let s = cssColors.get(c);
  if (s === undefined) {
    s = `#${c.toString(16).padStart(6, '0')}`;
    cssColors.set(c, s);
  }
  return s;
}
