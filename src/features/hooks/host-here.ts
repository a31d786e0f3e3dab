// A widget hosted on this thread, redrawn when the signals it reads change. Its own module: it
// brings the canvas host and PixiJS's core, which the page's first load does without (the chart
// and depth mounts import it; canvas-mount.ts's hostWhenLoaded loads it with the widget).
import { CanvasHost, type HostedWidget } from '../../render/canvas-host.ts';
import { effect } from '../../state/signals.ts';
import type { Hosted } from './canvas-mount.ts';

/** Hosts `widget` here; an effect reading `read` only marks it dirty (the scheduler draws once per frame). */
export function hostHere<W extends HostedWidget>(widget: W, read: () => unknown): Hosted<W> & { readonly host: CanvasHost<W> } {
  const host = new CanvasHost(widget);
  const dispose = effect(() => {
    read();
    host.invalidate();
  });
  return {
    host,
    destroy: () => {
      dispose();
      host.destroy();
    },
  };
}
