import { AbstractRenderer, Ticker, autoDetectRenderer, type ICanvas, type Renderer } from 'pixi.js';
import { noteRendererKind, pageRendererSpec, type RendererKind, type RendererSpec } from './renderer-policy.ts';

export { chosenRendererKind, noteRendererKind, pageRendererSpec, type RendererSpec } from './renderer-policy.ts';

export interface RendererInit {
  canvas: ICanvas;
  width: number;
  height: number;
  background: number;
  /** A layer over another canvas (the chart's crosshair): its background is see-through. */
  transparent?: boolean;
}

export function kindOf(renderer: Renderer): RendererKind {
  return renderer.name === 'webgpu' ? 'webgpu' : renderer.name === 'webgl' ? 'webgl' : 'canvas';
}

/**
 * Readies PixiJS for these renderer kinds, before a renderer is made (a renderer takes the render
 * pipes registered by then). The GPU renderers generate their uniform and shader upload code,
 * which under the page's CSP (no 'unsafe-eval') needs pixi.js/unsafe-eval's eval-free versions
 * (and the WebGL and WebGPU systems they patch: loaded only then); and the book and tape draw
 * Graphics and BitmapTexts there (gpu-kit.ts, whose imports register their pipes). The Canvas
 * renderer generates no code, PixiJS's constructor check for eval is all that would stop it, and
 * the book and tape paint into its context themselves.
 */
export async function allowRenderers(preference: readonly RendererKind[]): Promise<void> {
  if (preference.some((k) => k !== 'canvas')) await Promise.all([import('pixi.js/unsafe-eval'), import('./gpu-kit.ts')]);
  else AbstractRenderer.prototype._unsafeEvalCheck = noEvalCheck;
}
function noEvalCheck(): void {}

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
 * PixiJS's environment extensions (accessibility, DOM overlays, pointer events, filters) are not
 * loaded: our canvases use none of them.
 */
export async function createRendererFor(init: RendererInit, spec: RendererSpec, autoDensity: boolean): Promise<Renderer> {
  quietPixiTicker();
  await allowRenderers(spec.preference);
  return autoDetectRenderer({
    preference: spec.preference,
    canvas: init.canvas,
    width: init.width,
    height: init.height,
    background: init.background,
    backgroundAlpha: init.transparent ? 0 : 1,
    antialias: false,
    resolution: spec.resolution,
    autoDensity,
    failIfMajorPerformanceCaveat: true,
    preserveDrawingBuffer: false,
    powerPreference: 'low-power',
    skipExtensionImports: true,
  });
}

/** Creates a renderer of the page's kind on the main thread; the first call decides the kind for all later ones. */
export async function createRenderer(init: RendererInit): Promise<Renderer> {
  const renderer = await createRendererFor(init, pageRendererSpec(), true);
  noteRendererKind(kindOf(renderer));
  return renderer;
}
