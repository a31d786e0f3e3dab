import 'pixi.js/unsafe-eval';
import { Ticker, autoDetectRenderer, type ICanvas, type Renderer } from 'pixi.js';

import { isHardwareWebGL, rendererOverride, rendererPreference, type RendererKind } from './renderer-policy.ts';

let chosen: RendererKind | null = null;

/** The kind the page settled on (after the first renderer was created), for diagnostics and tests. */
export function chosenRendererKind(): RendererKind | null {
  return chosen;
}

/** Records the kind a renderer of the page got (here or in the canvas worker). */
export function noteRendererKind(kind: RendererKind): void {
  chosen = kind;
  document.documentElement.dataset.renderer = kind;
}

export interface RendererInit {
  canvas: ICanvas;
  width: number;
  height: number;
  background: number;
}

/** The renderers to try, in order, and the pixel ratio: decided once on the main thread. */
export interface RendererSpec {
  preference: RendererKind[];
  resolution: number;
}

/** What this page's renderers should be: `chosen` once the first exists, else the policy. */
export function pageRendererSpec(): RendererSpec {
  const override = rendererOverride(window.location.search);
  return {
    preference: chosen ? [chosen] : rendererPreference(override, override === null && isHardwareWebGL()),
    resolution: Math.max(1, Math.min(3, window.devicePixelRatio || 1)),
  };
}

export function kindOf(renderer: Renderer): RendererKind {
  return renderer.name === 'webgpu' ? 'webgpu' : renderer.name === 'webgl' ? 'webgl' : 'canvas';
}

/** How often PixiJS's own housekeeping (texture GC) runs once its per-frame ticker is stopped. */
const PIXI_HOUSEKEEPING_MS = 1000;
let housekeeping: ReturnType<typeof setInterval> | null = null;

/**
 * PixiJS runs its system ticker on every animation frame for housekeeping (texture GC, its
 * pointer-event ticker), whether or not anything is drawn. We draw through our own scheduler and
 * use no PixiJS pointer events; that loop alone kept the main thread in a full render lifecycle
 * 60 times a second (bench:browser trace: Ticker._tick 60/s with a Commit, PrePaint and Layerize
 * each). The ticker is stopped and stepped once a second instead.
 */
function quietPixiTicker(): void {
  const ticker = Ticker.system;
  ticker.autoStart = false;
  ticker.stop();
  housekeeping ??= setInterval(() => ticker.update(), PIXI_HOUSEKEEPING_MS);
}

/**
 * A renderer for `init` following `spec`; no DOM access, so the canvas worker uses it too. With
 * `autoDensity` off the caller sizes the element in CSS pixels (an OffscreenCanvas has no style).
 */
export async function createRendererFor(init: RendererInit, spec: RendererSpec, autoDensity: boolean): Promise<Renderer> {
  quietPixiTicker();
  return autoDetectRenderer({
    preference: spec.preference,
    canvas: init.canvas,
    width: init.width,
    height: init.height,
    background: init.background,
    antialias: false,
    resolution: spec.resolution,
    autoDensity,
    failIfMajorPerformanceCaveat: true,
    preserveDrawingBuffer: false,
    powerPreference: 'low-power',
  });
}

/** Creates a renderer of the page's kind on the main thread; the first call decides the kind for all later ones. */
export async function createRenderer(init: RendererInit): Promise<Renderer> {
  const renderer = await createRendererFor(init, pageRendererSpec(), true);
  noteRendererKind(kindOf(renderer));
  return renderer;
}
