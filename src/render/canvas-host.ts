// One owner for a canvas widget's life, wherever it is drawn (the page's main thread or the
// canvas worker): it creates the renderer, hands it to the widget, schedules the widget's draws
// on the thread's frame scheduler, reports failures (a failed start on the main thread is caught
// and reported just as the worker reports it to the page) and destroys it all.
import type { Renderer } from 'pixi.js';
import type { Drawable } from '../core/frame-scheduler.ts';
import { createRenderer, type RendererInit } from './renderer-choice.ts';

/** A canvas widget as its host drives it: it says what renderer it needs, takes it, draws when told. */
export interface HostedWidget extends Drawable {
  /** The canvas, size and background of the renderer to create now. */
  rendererInit(): RendererInit;
  /** Takes the renderer (and owns it from then on: `destroy` destroys it). */
  attach(renderer: Renderer): Promise<void> | void;
  /** Draws it in the thread's next animation frame (once however often it is called before that). */
  invalidate(): void;
  /** Leaves the frame scheduler and destroys the renderer and scene. */
  destroy(): void;
}

export interface CanvasHostOptions {
  /** Creates the renderer: the page's kind on the main thread by default; the canvas worker passes its own. */
  makeRenderer?: (init: RendererInit) => Promise<Renderer>;
  /** The widget could not start (no renderer, a failed setup); by default logged. */
  onError?: (err: unknown) => void;
}

export class CanvasHost<W extends HostedWidget> {
  private destroyed = false;
  /** Settles once the widget has its renderer (or failed to get one). */
  readonly started: Promise<boolean>;

  constructor(
    readonly widget: W,
    options: CanvasHostOptions = {},
  ) {
    const onError = options.onError ?? ((err: unknown) => console.error('canvas failed to start:', err));
    this.started = this.start(options.makeRenderer ?? createRenderer).then(
      (ok) => ok,
      (err: unknown) => {
        if (!this.destroyed) onError(err);
        return false;
      },
    );
  }

  private async start(makeRenderer: (init: RendererInit) => Promise<Renderer>): Promise<boolean> {
    const renderer = await makeRenderer(this.widget.rendererInit());
    if (this.destroyed) {
      renderer.destroy();
      return false;
    }
    await this.widget.attach(renderer);
    if (this.destroyed) return false;
    this.invalidate();
    return true;
  }

  /** Draws the widget in the next frame (once however often it is called before that). */
  invalidate(): void {
    if (!this.destroyed) this.widget.invalidate();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.widget.destroy();
  }
}
