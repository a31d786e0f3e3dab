// The desktop trade grid's templates as styles.css writes them (.trade-grid, .trade-grid--ladder, and
// their wide forms from RIGHT_COLUMN_MIN_WIDTH): when a panel is hidden, DesktopShell writes the grid
// from these with the hidden space given to its neighbours (core/workspace-grid.ts). With nothing
// hidden the stylesheet's own rules apply and no style is written.
import { areasText, collapseHidden, type GridTemplate } from '../core/workspace-grid.ts';

/** Where the grid takes its wide form (RIGHT_COLUMN_MIN_WIDTH in RightColumn.tsx, which loads later). */
export const WIDE_GRID_MIN_WIDTH = 1700;

const CHART = 'minmax(0, 1fr)';
const LADDER = '260px';
const BOOK = 'var(--book-col)';
const FORMS = '320px';
const RIGHT = '300px';

function template(wide: boolean, ladder: boolean): GridTemplate {
  if (wide && ladder) {
    return {
      areas: [
        ['symbol', 'symbol', 'symbol', 'symbol', 'right'],
        ['chart', 'ladder', 'book', 'forms', 'right'],
        ['orders', 'orders', 'book', 'forms', 'right'],
      ],
      columns: [CHART, LADDER, BOOK, FORMS, RIGHT],
    };
  }
  if (wide) {
    return {
      areas: [
        ['symbol', 'symbol', 'symbol', 'right'],
        ['chart', 'book', 'forms', 'right'],
        ['orders', 'book', 'forms', 'right'],
      ],
      columns: [CHART, BOOK, FORMS, RIGHT],
    };
  }
  if (ladder) {
    return {
      areas: [
        ['symbol', 'symbol', 'symbol', 'right'],
        ['chart', 'ladder', 'book', 'forms'],
        ['orders', 'orders', 'book', 'forms'],
      ],
      columns: [CHART, LADDER, BOOK, FORMS],
    };
  }
  return {
    areas: [
      ['symbol', 'symbol', 'right'],
      ['chart', 'book', 'forms'],
      ['orders', 'book', 'forms'],
    ],
    columns: [CHART, BOOK, FORMS],
  };
}

/** The grid's areas and columns with the hidden places' space taken by their neighbours, or null with none hidden. */
export function tradeGridStyle(wide: boolean, ladder: boolean, hiddenPlaces: readonly string[]): { gridTemplateAreas: string; gridTemplateColumns: string } | null {
  if (hiddenPlaces.length === 0) return null;
  const t = collapseHidden(template(wide, ladder), new Set(hiddenPlaces));
  return { gridTemplateAreas: areasText(t.areas), gridTemplateColumns: t.columns.join(' ') };
}
