import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, type ICanvas, type Renderer } from 'pixi.js';

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

/**
 * A renderer for `init` following `spec`; no DOM access, so the canvas worker uses it too. With
 * `autoDensity` off the caller sizes the element in CSS pixels (an OffscreenCanvas has no style).
 */
export async function createRendererFor(init: RendererInit, spec: RendererSpec, autoDensity: boolean): Promise<Renderer> {
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
