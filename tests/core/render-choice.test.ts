import { describe, expect, it } from 'vitest';
import { rendererOverride, rendererPreference } from '../../src/render/renderer-policy.ts';

describe('renderer choice', () => {
  it('honours ?renderer= and ignores anything else', () => {
    expect(rendererOverride('?renderer=canvas')).toBe('canvas');
    expect(rendererOverride('?renderer=webgpu&x=1')).toBe('webgpu');
    expect(rendererOverride('?renderer=direct3d')).toBeNull();
    expect(rendererOverride('')).toBeNull();
  });

  it('uses WebGL only with a GPU, and falls back to canvas', () => {
    expect(rendererPreference(null, true)).toEqual(['webgl', 'canvas']);
    expect(rendererPreference(null, false)).toEqual(['canvas']);
    expect(rendererPreference('webgl', false)).toEqual(['webgl', 'canvas']);
    expect(rendererPreference('canvas', true)).toEqual(['canvas']);
  });
});
