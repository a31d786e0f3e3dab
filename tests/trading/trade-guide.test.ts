import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guideStates, guideStatesLoaded, loadGuideStates, markGuideRead, shouldShowGuide } from '../../src/state/account/trading-prefs.ts';

let stored: Record<string, string>;
let serverPrefs: Record<string, string>;
let posts: unknown[];

beforeEach(() => {
  stored = {};
  serverPrefs = {};
  posts = [];
  guideStates.value = {};
  guideStatesLoaded.value = false;
  vi.stubGlobal('localStorage', { getItem: (k: string) => stored[k] ?? null, setItem: (k: string, v: string) => void (stored[k] = v) });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ retCode: 0, result: { prefs: serverPrefs } }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('trade guides (spec 4.3)', () => {
  it('nothing shows before the stored state is known', () => {
    expect(shouldShowGuide('oco')).toBe(false);
  });
  it.each([
    ['no state anywhere: shown (new)', {}, true],
    ["server says 'new': shown", { 'tradeGuide.oco': 'new' }, true],
    ["server says 'read': skipped", { 'tradeGuide.oco': 'read' }, false],
    ["server says 'unknown': skipped", { 'tradeGuide.oco': 'unknown' }, false],
  ])('%s', async (_n, prefs, shown) => {
    serverPrefs = prefs;
    await loadGuideStates();
    expect(shouldShowGuide('oco')).toBe(shown);
  });
  it('a local read state wins over a server new state', async () => {
    guideStates.value = { trailing: 'read' };
    serverPrefs = { 'tradeGuide.trailing': 'new' };
    await loadGuideStates();
    expect(shouldShowGuide('trailing')).toBe(false);
  });
  it('closing saves read to local storage and to the user preferences', async () => {
    await loadGuideStates();
    markGuideRead('oco');
    expect(shouldShowGuide('oco')).toBe(false);
    expect(JSON.parse(stored['spot.trade.guide']!)).toEqual({ oco: 'read' });
    await vi.waitFor(() => expect(posts).toEqual([{ upsert_keys: { 'tradeGuide.oco': 'read' } }]));
  });
});

describe("spec 9's default steps [1,3]", () => {
  it('an order-type guide has three steps and opens at the first (progress 1/3)', async () => {
    const { GUIDE_DEFAULT_STEPS, guideFirstStep } = await import('../../src/core/trade-guides.ts');
    const { guideSteps } = await import('../../src/features/trade-guide/OrderTypeGuide.tsx');
    expect(GUIDE_DEFAULT_STEPS).toEqual([1, 3]);
    for (const [g, side] of [['oco', 'Buy'], ['oco', 'Sell'], ['trailing', 'Buy']] as const) {
      const steps = guideSteps(g, side);
      expect(steps).toHaveLength(3);
      expect(guideFirstStep(steps.length)).toBe(0);
      expect(steps[guideFirstStep(steps.length)]!.heading).toMatch(/\.heading1$/);
    }
    expect(guideFirstStep(1)).toBe(0);
  });
});
