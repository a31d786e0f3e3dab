import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, type Renderer } from 'pixi.js';

import { isHardwareWebGL, rendererOverride, rendererPreference, type RendererKind } from './renderer-policy.ts';

let chosen: RendererKind | null = null;

/** The kind the page settled on (after the first renderer was created), for diagnostics and tests. */
export function chosenRendererKind(): RendererKind | null {
  return chosen;
}

export interface RendererInit {
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
  background: number;
}

/** Creates a renderer of the page's kind; the first call decides the kind for all later ones. */
export async function createRenderer(init: RendererInit): Promise<Renderer> {
  const override = rendererOverride(window.location.search);
  const preference = chosen ? [chosen] : rendererPreference(override, override === null && isHardwareWebGL());
  const renderer = await autoDetectRenderer({
    preference,
    canvas: init.canvas,
    width: init.width,
    height: init.height,
    background: init.background,
    antialias: false,
    resolution: Math.max(1, Math.min(3, window.devicePixelRatio || 1)),
    autoDensity: true,
    failIfMajorPerformanceCaveat: true,
    preserveDrawingBuffer: false,
    powerPreference: 'low-power',
  });
  chosen = renderer.name === 'webgpu' ? 'webgpu' : renderer.name === 'webgl' ? 'webgl' : 'canvas';
  document.documentElement.dataset.renderer = chosen;
  return renderer;
}
