// Issue 36 item 3: a hidden panel leaves no empty space. The desktop page's grid (styles.css
// .trade-grid) is a matrix of area names; when panels are hidden, a column whose panels are all
// hidden collapses (its track goes), and any other hidden area is taken by a neighbour whose area
// stays a rectangle with it (the one below or above first; for a tall area or the header row, the
// one beside).
// Pure: DesktopShell turns the result into grid-template-areas and -columns.

export interface GridTemplate {
  /** Area names, row by row; '.' is an empty cell. */
  areas: string[][];
  /** One track size per column. */
  columns: string[];
}

const FR = 'minmax(0, 1fr)';

interface Rect {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

function rectOf(areas: string[][], name: string): Rect | null {
  let rect: Rect | null = null;
  areas.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell !== name) return;
      rect = rect ? { r0: Math.min(rect.r0, r), r1: Math.max(rect.r1, r), c0: Math.min(rect.c0, c), c1: Math.max(rect.c1, c) } : { r0: r, r1: r, c0: c, c1: c };
    }),
  );
  return rect;
}

/** Does `name` (at `a`) with the part `b` of `hidden` make a rectangle (every cell of their bounding box one of the two)? */
function joinsAsRect(areas: string[][], name: string, a: Rect, b: Rect, hidden: string): boolean {
  const r0 = Math.min(a.r0, b.r0), r1 = Math.max(a.r1, b.r1), c0 = Math.min(a.c0, b.c0), c1 = Math.max(a.c1, b.c1);
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
    const cell = areas[r]?.[c];
    const inB = r >= b.r0 && r <= b.r1 && c >= b.c0 && c <= b.c1;
    if (cell !== name && !(inB && cell === hidden)) return false;
  }
  return true;
}

/** The visible neighbour that stays a rectangle when it takes `rect` (a part of `name`'s area), or null. */
function takerOf(areas: string[][], hidden: ReadonlySet<string>, name: string, rect: Rect): string | null {
  const above = areas[rect.r0 - 1]?.[rect.c0];
  const below = areas[rect.r1 + 1]?.[rect.c0];
  const before = areas[rect.r0]?.[rect.c0 - 1];
  const after = areas[rect.r0]?.[rect.c1 + 1];
  const vertical = [below, above];
  const horizontal = [after, before];
  // A tall area (or one in the header row) goes to the one beside it, any other to the one below or above.
  const sideways = rect.r0 === 0 || rect.r1 - rect.r0 > rect.c1 - rect.c0;
  const order = sideways ? [...horizontal, ...vertical] : [...vertical, ...horizontal];
  const taker = order.find((n): n is string => {
    if (n === undefined || n === '.' || n === name || hidden.has(n)) return false;
    const other = rectOf(areas, n);
    return other !== null && joinsAsRect(areas, n, other, rect, name);
  });
  return taker ?? null;
}

/** The grid with the hidden areas' space given to their neighbours. Unchanged when nothing is hidden. */
export function collapseHidden(template: GridTemplate, hidden: ReadonlySet<string>): GridTemplate {
  let areas = template.areas.map((row) => [...row]);
  let columns = [...template.columns];
  if (hidden.size === 0) return { areas, columns };
  const width = columns.length;

  // 1. Columns whose panels are all hidden go (a header cell that spans another column stays there).
  const keep: number[] = [];
  for (let c = 0; c < width; c++) {
    const gone = areas.every((row, r) => {
      const cell = row[c] ?? '.';
      if (hidden.has(cell)) return true;
      return r === 0 && (row[c - 1] === cell || row[c + 1] === cell);
    });
    if (!gone) keep.push(c);
  }
  if (keep.length === 0) return { areas: areas.map(() => ['.']), columns: [FR] };
  const hadFr = columns.some((t) => t.includes('fr'));
  areas = areas.map((row) => keep.map((c) => row[c] ?? '.'));
  columns = keep.map((c) => columns[c] ?? FR);
  // The page's width stays filled: when the flexible column went, the first one left takes the rest.
  if (hadFr && !columns.some((t) => t.includes('fr'))) columns[0] = FR;

  // 2. Each hidden area left is taken by a neighbour that stays a rectangle with it; an area no one
  // neighbour can take (the orders under both the chart and the ladder) is taken strip by strip.
  for (const name of hidden) {
    const rect = rectOf(areas, name);
    if (!rect) continue;
    const strips = [rect];
    for (let c = rect.c0; c <= rect.c1 && rect.c1 > rect.c0; c++) strips.push({ ...rect, c0: c, c1: c });
    for (let r = rect.r0; r <= rect.r1 && rect.r1 > rect.r0; r++) strips.push({ ...rect, r0: r, r1: r });
    for (const strip of strips) {
      if (!areas.some((row, r) => r >= strip.r0 && r <= strip.r1 && row.some((cell, c) => c >= strip.c0 && c <= strip.c1 && cell === name))) continue;
      const taker = takerOf(areas, hidden, name, strip);
      if (taker === null) continue;
      areas = areas.map((row, r) => row.map((cell, c) => (cell === name && r >= strip.r0 && r <= strip.r1 && c >= strip.c0 && c <= strip.c1 ? taker : cell)));
    }
    areas = areas.map((row) => row.map((cell) => (cell === name ? '.' : cell)));
  }
  return { areas, columns };
}

/** grid-template-areas' text for the areas. */
export const areasText = (areas: string[][]): string => areas.map((row) => `'${row.join(' ')}'`).join(' ');
