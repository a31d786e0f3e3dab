// The glue every canvas mount shares (chart, depth, book, tape): a widget hosted on this thread
// and redrawn when the signals it reads change; the same for a widget whose code loads first; and
// a canvas drawn in the canvas worker, fed from a signal effect, that falls back to this thread
// when the worker cannot draw it. Each mount keeps only what is its own (inputs, extra queries).
import type { CanvasHost, HostedWidget } from '../../render/canvas-host.ts';
import { RemoteCanvas, replaceCanvas, setCanvasFeedAttacher, type RemoteCanvasOptions } from '../../render/offscreen/host.ts';
import { attachCanvasFeed } from '../../state/market/market-data.ts';
import { effect } from '../../state/signals.ts';
import type { MountedCanvas } from './useCanvasHost.ts';

export interface Hosted<W extends HostedWidget> {
  /** The host, once the widget exists (at once for `hostHere`, after its code loaded for `hostWhenLoaded`). */
  readonly host: CanvasHost<W> | null;
  destroy(): void;
}

/**
 * Hosts the widget `load` makes once its code has loaded (PixiJS and the widget then arrive only
 * when this thread draws it); `what` names it in the error when the code fails to load.
 */
export function hostWhenLoaded<W extends HostedWidget>(load: () => Promise<W>, read: () => unknown, what: string): Hosted<W> {
  let hosted: Hosted<W> | null = null;
  let destroyed = false;
  // The host's code (and PixiJS's core with it) comes with the widget's: the page's first load,
  // where the canvas worker draws, carries neither (bench:load).
  Promise.all([load(), import('./host-here.ts')]).then(
    ([widget, { hostHere }]) => {
      if (destroyed) return;
      hosted = hostHere(widget, read);
    },
    (err: unknown) => console.error(`${what} failed to load:`, err),
  );
  return {
    get host() {
      return hosted?.host ?? null;
    },
    destroy: () => {
      destroyed = true;
      hosted?.destroy();
    },
  };
}

export interface WorkerMount<W, M extends MountedCanvas> {
  /** The remote canvas's options but its input (read from `wire`) and failure (handled here). */
  remote: Omit<RemoteCanvasOptions<W>, 'input' | 'onFailed'>;
  /** What the worker needs, read from the page's signals; each change is sent. */
  wire: () => W;
  /** The canvas as the page sees it while the worker draws it; `destroy` unmounts it from the worker. */
  face: (remote: RemoteCanvas<W>, destroy: () => void) => M;
  /** Mounts it on this thread instead (on a fresh canvas: the old one went to the worker). */
  here: (canvas: HTMLCanvasElement, width: number) => M;
}

/**
 * Mounts a canvas in the canvas worker, with the page's effect sending `wire` as it changes; when
 * the worker fails it is mounted here instead. Returns the mount in use now.
 */
export function mountInWorker<W, M extends MountedCanvas>(o: WorkerMount<W, M>): () => M {
  setCanvasFeedAttacher(attachCanvasFeed);
  let current: M;
  const remote = new RemoteCanvas<W>({
    ...o.remote,
    input: o.wire(),
    onFailed: () => {
      stop();
      current = o.here(replaceCanvas(o.remote.canvas), remote.currentWidth);
    },
  });
  // The first run only subscribes: the remote canvas was mounted with that input.
  let first = true;
  const stop = effect(() => {
    const input = o.wire();
    if (first) first = false;
    else remote.update(input);
  });
  current = o.face(remote, () => {
    stop();
    remote.destroy();
  });
  return () => current;
}
