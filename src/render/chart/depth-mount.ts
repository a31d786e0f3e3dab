// The depth chart's widget wired to the page's signals; a module of its own so the depth chart's
// code loads only when the depth chart is chosen.
import { swapUpDown } from '../../state/book-view.ts';
import { depthData } from '../../state/chart-depth.ts';
import { chartPrefs } from '../../state/chart-settings.ts';
import { theme } from '../theme.ts';
import { DepthWidget } from './depth-widget.ts';

/** Creates the depth-chart widget wired to the page's signals. */
export function mountDepth(canvas: HTMLCanvasElement, width: number, height: number): DepthWidget {
  const widget = new DepthWidget(canvas, width, height, () => {
    const p = chartPrefs.value;
    const swap = swapUpDown.value;
    return { data: depthData.value, theme: theme.value, up: swap ? p.downColor : p.upColor, down: swap ? p.upColor : p.downColor };
  });
  void widget.init();
  return widget;
}
export type { DepthWidget, DepthHit } from './depth-widget.ts';
