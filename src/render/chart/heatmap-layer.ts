// The order-book heatmap under the candles (issue 36 item 2): the sampler's columns painted into
// a small offscreen bitmap (one pixel per column and price bucket on one absolute price grid),
// shown as a Sprite scaled onto the plot. A Sprite is a drawImage on the Canvas renderer and a
// textured quad on the GPU ones, so both backends draw it with one call under the candles.
import { Sprite, Texture } from 'pixi.js';
import type { PriceScale } from './price-scale.ts';
import type { TimeScale } from './time-scale.ts';
import { heatBitmap, timeToX, type HeatmapInput, type HeatSnapshot } from './heatmap-bitmap.ts';

export type { HeatmapInput, HeatSnapshot } from './heatmap-bitmap.ts';

export class HeatmapLayer {
  readonly sprite = new Sprite();
  private canvas: OffscreenCanvas | HTMLCanvasElement | null = null;
  private texture: Texture | null = null;
  private drawn: HeatSnapshot | null = null;
  private bitmap: ReturnType<typeof heatBitmap> = null;
  private color = -1;

  /** Places (and if the columns changed, repaints) the heatmap; hides it when there is nothing to show. */
  update(input: HeatmapInput | null | undefined, times: Float64Array, length: number, ts: TimeScale, ps: PriceScale, tf: (v: number) => number): void {
    const s = this.sprite;
    if (!input || input.snap.columns === 0) {
      s.visible = false;
      return;
    }
    if (input.snap !== this.drawn || input.color !== this.color) {
      this.drawn = input.snap;
      this.color = input.color;
      this.bitmap = heatBitmap(input.snap, input.color);
      if (this.bitmap) this.upload(this.bitmap);
    }
    const bm = this.bitmap;
    const snap = input.snap;
    const x0 = timeToX(snap.times[0]!, times, length, ts);
    const x1 = timeToX(snap.times[snap.columns - 1]! + input.periodMs, times, length, ts);
    if (!bm || !this.texture || x0 === null || x1 === null) {
      s.visible = false;
      return;
    }
    const yTop = ps.y(tf((bm.lowTicks + bm.height * bm.width0) * input.tick));
    const yBottom = ps.y(tf(bm.lowTicks * input.tick));
    s.visible = true;
    s.texture = this.texture;
    s.x = x0;
    s.y = yTop;
    s.width = Math.max(1, x1 - x0);
    s.height = Math.max(1, yBottom - yTop);
  }

  private upload(bm: NonNullable<ReturnType<typeof heatBitmap>>): void {
    if (!this.canvas || this.canvas.width !== bm.width || this.canvas.height !== bm.height) {
      this.texture?.destroy(true);
      this.canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(bm.width, bm.height) : Object.assign(document.createElement('canvas'), { width: bm.width, height: bm.height });
      this.texture = Texture.from(this.canvas as HTMLCanvasElement);
      this.texture.source.scaleMode = 'nearest';
    }
    const ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D | null;
    if (!ctx) return;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(bm.pixels), bm.width, bm.height), 0, 0);
    this.texture!.source.update();
  }

  /** The texture only: the sprite goes with the widget's scene. */
  destroy(): void {
    this.texture?.destroy(true);
    this.texture = null;
  }
}
