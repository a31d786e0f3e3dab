// Which PixiJS renderer the page uses; no PixiJS import here, so it is testable anywhere and the
// page can decide (and hand the canvas worker) a renderer without loading PixiJS itself.

export type RendererKind = 'webgl' | 'webgpu' | 'canvas';
const KINDS: readonly RendererKind[] = ['webgl', 'webgpu', 'canvas'];

/** `?renderer=webgl|webgpu|canvas` forces a renderer; anything else means "choose". */
export function rendererOverride(search: string): RendererKind | null {
  const v = new URLSearchParams(search).get('renderer');
  return (KINDS as readonly string[]).includes(v ?? '') ? (v as RendererKind) : null;
}

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render|mesa offscreen/i;

let hardwareWebGL: boolean | undefined;

/**
 * True when WebGL runs on a GPU. failIfMajorPerformanceCaveat alone is not enough: Chromium's
 * SwiftShader (software) passes it, so the unmasked renderer name is checked as well. Asked once
 * per page: creating the WebGL context blocks the main thread (5 to 200 ms measured with
 * SwiftShader), and the page asks at boot and again for each canvas it mounts.
 */
export function isHardwareWebGL(): boolean {
  hardwareWebGL ??= detectHardwareWebGL();
  return hardwareWebGL;
}

function detectHardwareWebGL(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl', { failIfMajorPerformanceCaveat: true });
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !SOFTWARE_GL.test(name);
  } catch {
    return false;
  }
}

/**
 * The order to try renderers in. WebGL only when it is hardware accelerated: software WebGL
 * draws 80 changing rows at ~20 fps where the Canvas renderer holds 60.
 */
export function rendererPreference(override: RendererKind | null, hardwareWebGL: boolean): RendererKind[] {
  if (override) return override === 'canvas' ? ['canvas'] : [override, 'canvas'];
  return hardwareWebGL ? ['webgl', 'canvas'] : ['canvas'];
}


/** The renderers to try, in order, and the pixel ratio: decided once on the main thread. */
export interface RendererSpec {
  preference: RendererKind[];
  resolution: number;
}

let chosen: RendererKind | null = null;

/** The kind the page settled on (after the first renderer was created), for diagnostics and tests. */
export function chosenRendererKind(): RendererKind | null {
  return chosen;
}

/** Records the kind a renderer of the page got (on the main thread or in the canvas worker). */
export function noteRendererKind(kind: RendererKind): void {
  chosen = kind;
  document.documentElement.dataset.renderer = kind;
}

/** What this page's renderers should be: `chosen` once the first exists, else the policy. */
export function pageRendererSpec(): RendererSpec {
  const override = rendererOverride(window.location.search);
  return {
    preference: chosen ? [chosen] : rendererPreference(override, override === null && isHardwareWebGL()),
    resolution: Math.max(1, Math.min(3, window.devicePixelRatio || 1)),
  };
}
