import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseLayout, saveDecision, serverLayoutWins } from '../../src/core/chart/layout-sync.ts';
import type { LayoutEnvelope } from '../../src/core/chart/layout-sync.ts';
import { LayoutSync, type LayoutSyncDeps } from '../../src/state/chart/chart-layout.ts';

describe('layout save rules (spec 5.9)', () => {
  it('never saves for visitors or demo accounts', () => {
    expect(saveDecision({ loggedIn: false, isDemo: false, lastSaveAt: null, now: 0 })).toEqual({ save: false });
    expect(saveDecision({ loggedIn: true, isDemo: true, lastSaveAt: null, now: 0 })).toEqual({ save: false });
  });

  it('saves at most once per 5 s and says when the next save may go', () => {
    expect(saveDecision({ loggedIn: true, isDemo: false, lastSaveAt: null, now: 1000 })).toEqual({ save: true });
    expect(saveDecision({ loggedIn: true, isDemo: false, lastSaveAt: 1000, now: 4000 })).toEqual({ save: false, retryInMs: 2000 });
    expect(saveDecision({ loggedIn: true, isDemo: false, lastSaveAt: 1000, now: 6000 })).toEqual({ save: true });
  });

  it('a server layout wins only when more than 5 s newer', () => {
    expect(serverLayoutWins(10_000, 5_000)).toBe(false);
    expect(serverLayoutWins(10_001, 5_000)).toBe(true);
    expect(serverLayoutWins(1_000, 20_000)).toBe(false);
    expect(serverLayoutWins(1_000, null)).toBe(true);
    expect(serverLayoutWins(null, null)).toBe(false);
  });

  it('reads the kline text the server keeps, with saveData as text or object', () => {
    expect(parseLayout(JSON.stringify({ version: '123', saveData: '{"a":1}' }))).toEqual({ version: 123, saveData: { a: 1 } });
    expect(parseLayout(JSON.stringify({ version: 5, saveData: { b: 2 } }))).toEqual({ version: 5, saveData: { b: 2 } });
    expect(parseLayout('')).toBeNull();
    expect(parseLayout('not json')).toBeNull();
    expect(parseLayout(JSON.stringify({ saveData: {} }))).toBeNull();
  });
});

describe('LayoutSync', () => {
  let now = 0;
  let local: number | null = null;
  let account = { loggedIn: true, isDemo: false };
  let saved: LayoutEnvelope[] = [];
  let applied: unknown[] = [];
  let rebuilds = 0;
  let server: LayoutEnvelope | null = null;
  const deps = (): LayoutSyncDeps => ({
    fetch: async () => server,
    save: async (l) => void saved.push(l),
    now: () => now,
    account: () => account,
    read: () => ({ interval: '30', at: now }),
    apply: (d) => void applied.push(d),
    rebuild: () => void rebuilds++,
    localVersion: { get: () => local, set: (v) => (local = v) },
  });

  beforeEach(() => {
    vi.useFakeTimers();
    now = 100_000;
    local = null;
    account = { loggedIn: true, isDemo: false };
    saved = [];
    applied = [];
    rebuilds = 0;
    server = null;
  });
  afterEach(() => vi.useRealTimers());

  it('saves the first change at once and folds later ones into one save 5 s after it', () => {
    const s = new LayoutSync(deps());
    s.changed();
    expect(saved).toEqual([{ version: 100_000, saveData: { interval: '30', at: 100_000 } }]);
    now += 1000;
    s.changed();
    now += 1000;
    s.changed();
    expect(saved).toHaveLength(1);
    now += 3000;
    // The retry was set at the second change, 4 s before the 5 s were up.
    vi.advanceTimersByTime(3999);
    expect(saved).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(saved).toHaveLength(2);
    expect(saved[1]).toEqual({ version: 102_000, saveData: { interval: '30', at: 105_000 } });
    s.destroy();
  });

  it('does not save for a demo account, but still stamps the local version', () => {
    account = { loggedIn: true, isDemo: true };
    const s = new LayoutSync(deps());
    s.changed();
    vi.advanceTimersByTime(10_000);
    expect(saved).toEqual([]);
    expect(local).toBe(100_000);
  });

  it('takes a server layout more than 5 s newer, and keeps the local one otherwise', async () => {
    local = 90_000;
    server = { version: 95_000, saveData: { interval: 'D' } };
    const s = new LayoutSync(deps());
    expect(await s.load()).toBe(false);
    expect(applied).toEqual([]);
    server = { version: 95_001, saveData: { interval: 'D' } };
    expect(await s.load()).toBe(true);
    expect(applied).toEqual([{ interval: 'D' }]);
    expect(local).toBe(95_001);
  });

  it('rebuilds the chart once a synced layout has been applied, not when the local one stays (spec 4.10)', async () => {
    local = 90_000;
    server = { version: 95_000, saveData: { interval: '30' } };
    const s = new LayoutSync(deps());
    await s.load();
    expect(rebuilds).toBe(0);
    // Same interval as before: only the rule of 4.10 rebuilds, nothing else would.
    server = { version: 200_000, saveData: { interval: '30' } };
    await s.load();
    expect(applied).toEqual([{ interval: '30' }]);
    expect(rebuilds).toBe(1);
  });

  it('loads nothing for visitors', async () => {
    account = { loggedIn: false, isDemo: false };
    server = { version: 999_999, saveData: {} };
    expect(await new LayoutSync(deps()).load()).toBe(false);
    expect(applied).toEqual([]);
  });
});
