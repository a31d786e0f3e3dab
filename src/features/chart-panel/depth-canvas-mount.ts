// The depth chart's widget wired to the page's signals; a module of its own so the depth chart's
// code loads only when the depth chart is chosen. This mount owns the effect (canvas-mount.ts).
import { DepthWidget, type DepthInput } from '../../render/depth/depth-widget.ts';
import { swapUpDown } from '../../state/market/book-view.ts';
import { depthData } from '../../state/chart/chart-depth.ts';
import { chartPrefs } from '../../state/chart/chart-settings.ts';
import { mountHere } from '../canvas/host-here.ts';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import type { MountedCanvas } from '../canvas/useCanvasHost.ts';

export interface MountedDepth extends MountedCanvas {
  widget: DepthWidget;
}

/** Creates the depth-chart widget on `canvas` wired to the page's signals. */
export function mountDepth(canvas: HTMLCanvasElement, width: number, height: number): MountedDepth {
  const read = (): DepthInput => {
    const p = chartPrefs.value;
    const swap = swapUpDown.value;
    return { data: depthData.value, theme: canvasTheme.value, up: swap ? p.downColor : p.upColor, down: swap ? p.upColor : p.downColor };
  };
  const widget = new DepthWidget(canvas, width, height, read);
  return mountHere(widget, read, 'depth', () => widget.view.shown());
}
