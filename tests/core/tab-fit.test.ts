import { describe, expect, it } from 'vitest';
import { fitTabs } from '../../src/core/tab-fit.ts';

// The orders panel's tab strip (ui/OverflowTabs.tsx; seventh walkthrough B1): as many tabs as fit,
// in order, each whole, and the selected one always, in the last place when it would be folded.
const shown = (r: boolean[]) => r.flatMap((s, i) => (s ? [i] : []));

describe('fitTabs', () => {
  it('shows every tab when they all fit, with no room kept for "+N"', () => {
    expect(shown(fitTabs([100, 100, 100], 0, 308, 4, 40))).toEqual([0, 1, 2]);
  });

  it('shows the first tabs that fit beside "+N"', () => {
    // 100 + 4 + 100 = 204 <= 250 - 40; a third would need 308.
    expect(shown(fitTabs([100, 100, 100, 100], 0, 250, 4, 40))).toEqual([0, 1]);
  });

  it('puts a folded selected tab in the last place, giving up as few tabs as it needs', () => {
    expect(shown(fitTabs([100, 100, 100, 100], 3, 250, 4, 40))).toEqual([0, 3]);
    expect(shown(fitTabs([100, 100, 100, 180], 3, 250, 4, 40))).toEqual([3]);
    expect(shown(fitTabs([50, 50, 50, 120, 40], 4, 250, 4, 40))).toEqual([0, 1, 2, 4]);
  });

  it('shows the selected tab even when nothing else fits', () => {
    // The classic account at 1366×768: 145 px for a 133 px tab and "+N".
    expect(shown(fitTabs([133, 102, 100, 191], 0, 128, 4, 40))).toEqual([0]);
    expect(shown(fitTabs([133, 102, 100, 191], 2, 10, 4, 40))).toEqual([2]);
  });

  it('keeps the order and shows no tab twice', () => {
    for (let sel = 0; sel < 6; sel++) {
      const r = shown(fitTabs([60, 80, 70, 90, 50, 110], sel, 300, 4, 40));
      expect(r).toContain(sel);
      expect(r).toEqual([...r].sort((a, b) => a - b));
      expect(r.slice(0, -1)).toEqual(r.slice(0, -1).map((_, i) => i));
    }
  });
});
