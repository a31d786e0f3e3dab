// How a chart frame reaches the screen, per PixiJS backend. The scene (grid, lines, axes, labels)
// is shared; what differs is where candles and volume go and how the frame is composed:
// canvas-painter.ts on the Canvas renderer, gpu-painter.ts on WebGL/WebGPU. Chosen once, when
// the widget gets its renderer.
import type { Renderer } from 'pixi.js';
import type { RectSink } from './rect-batch.ts';

export interface ChartBackend {
  /** Where this frame's candles, bars and volume go (emptied). */
  begin(): RectSink;
  /** Draws the frame; `plot` is the main pane, which candles are clipped to. */
  present(renderer: Renderer, plot: { w: number; h: number }): void;
  destroy(): void;
}
