// The chart on PixiJS's GPU renderers: candles and volume are a Graphics between the scene under
// them and the scene over them, and the whole stage is rendered each frame.
import { Container, Graphics, type Renderer } from 'pixi.js';
import type { ChartBackend } from './chart-backend.ts';
import type { RectSink } from './rect-batch.ts';

export class GpuChartBackend implements ChartBackend {
  private readonly stage = new Container();
  private readonly candles = new Graphics();

  constructor(under: Container, over: Container) {
    this.stage.addChild(under, this.candles, over);
  }

  begin(): RectSink {
    return this.candles.clear();
  }

  present(renderer: Renderer): void {
    renderer.render({ container: this.stage });
  }

  destroy(): void {
    // The shared scene belongs to the widget; only this backend's own parts go here.
    this.stage.removeChildren();
    this.candles.destroy();
    this.stage.destroy();
  }
}
