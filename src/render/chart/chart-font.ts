import { BitmapFont } from 'pixi.js';
import { DIGITS_FONT_SIZE } from '../text-atlas.ts';

export const CHART_FONT = 'chart-digits';
/**
 * Everything the chart's axes and boxes print: digits and the separators of prices, percents,
 * dates and times. Installing a bitmap font costs about 1 ms per glyph, so the chart's first
 * render does not wait for the page-wide 95-glyph font when it is the first canvas up.
 */
const CHART_CHARS = ' 0123456789.:-+%';

let installedAt = 0;

export function ensureChartFont(resolution: number): void {
  if (installedAt >= resolution) return;
  BitmapFont.install({
    name: CHART_FONT,
    chars: [CHART_CHARS],
    resolution,
    padding: 2,
    style: {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: DIGITS_FONT_SIZE,
      fill: 0xffffff,
    },
  });
  installedAt = resolution;
}
