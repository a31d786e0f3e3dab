// A widget hosted on this thread, redrawn when the signals it reads change. Its own module: it
// brings the canvas host and PixiJS's core, which the page's first load does without (the chart
// and depth mounts import it; canvas-mount.ts's hostWhenLoaded loads it with the widget).
import { CanvasHost, type HostedWidget } from '../../render/canvas-host.ts';
import { provideCanvasReader } from '../../state/debug.ts';
import { effect } from '../../state/signals.ts';
import type { Hosted } from './canvas-mount.ts';
import type { MountedCanvas } from './useCanvasHost.ts';

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

/**
 * A widget drawn here for as long as its canvas is mounted (the chart, the depth chart): hosted as
 * hostHere does, resized with its host element, and with a reader of what it drew lent to the
 * page's tests under `readerName` (state/debug.ts); all of it gone on destroy.
 */
export function mountHere<W extends HostedWidget & { resize(width: number, height: number): void }>(
  widget: W,
  read: () => unknown,
  readerName: string,
  reader: () => unknown,
): MountedCanvas & { widget: W } {
  const hosted = hostHere(widget, read);
  const unread = provideCanvasReader(readerName, reader);
  return {
    widget,
    resize: (w, h) => widget.resize(w, h),
    destroy: () => {
      unread();
      hosted.destroy();
    },
  };
}
