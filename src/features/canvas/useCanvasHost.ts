import { useEffect, useRef, type RefObject } from 'react';

/** A canvas widget as the element hosting it sees it, wherever it is drawn. */
export interface MountedCanvas {
  resize(width: number, height: number): void;
  destroy(): void;
}

export interface CanvasHostSpec<M extends MountedCanvas> {
  /** Canvases to create, bottom first (the chart has a crosshair layer above its main canvas). */
  layers?: number;
  className?: string;
  /** Mounts the widget on the fresh canvases at the host's size; it owns its signal effects. */
  mount: (canvases: HTMLCanvasElement[], width: number, height: number) => M;
  /** Told of the mounted widget, and of null when it goes. */
  onMount?: (m: M | null) => void;
}

/**
 * The life of a canvas in a React host element: canvases created (hidden from assistive
 * technology: the host element carries the accessible name) and prepended, the widget mounted
 * and resized with the element, and on unmount destroyed with every canvas of the element
 * (including one that replaced a canvas handed to the canvas worker). Re-mounts when `deps` change.
 */
export function useCanvasHost<M extends MountedCanvas>(hostRef: RefObject<HTMLElement | null>, spec: CanvasHostSpec<M>, deps: readonly unknown[]): RefObject<M | null> {
  const mounted = useRef<M | null>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const canvases: HTMLCanvasElement[] = [];
    for (let i = 0; i < (spec.layers ?? 1); i++) {
      const c = document.createElement('canvas');
      c.setAttribute('aria-hidden', 'true');
      if (spec.className) c.className = spec.className;
      canvases.push(c);
    }
    // Later layers sit above earlier ones (later in the DOM).
    for (const c of [...canvases].reverse()) host.prepend(c);
    const m = spec.mount(canvases, host.clientWidth, host.clientHeight);
    mounted.current = m;
    spec.onMount?.(m);
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]!.contentRect;
      m.resize(r.width, r.height);
    });
    ro.observe(host);
    return () => {
      ro.disconnect();
      m.destroy();
      for (const c of host.querySelectorAll(':scope > canvas')) c.remove();
      mounted.current = null;
      spec.onMount?.(null);
    };
    // The spec is read when mounting; `deps` say when to mount again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return mounted;
}
