// Spec 4.17: the acceleration SDK level is default, open or close, kept locally (issue 34 item 5).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sdkLevel, setSdkLevel } from '../../src/state/net/net-accel.ts';

beforeEach(() => {
  const map = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) });
});
afterEach(() => vi.unstubAllGlobals());

describe('SDK level (spec 4.17)', () => {
  test('default until set; open and close are kept locally; anything else reads as default', () => {
    expect(sdkLevel()).toBe('default');
    setSdkLevel('open');
    expect(sdkLevel()).toBe('open');
    setSdkLevel('close');
    expect(sdkLevel()).toBe('close');
    setSdkLevel('bogus' as never);
    expect(sdkLevel()).toBe('default');
  });
});
