import { describe, expect, it } from 'vitest';
import { whileHeld } from '../../src/state/signals.ts';

describe('whileHeld: a shared start for as long as anyone holds it', () => {
  it('starts on the first hold, stops on the last release, and a release counts once', () => {
    const log: string[] = [];
    const hold = whileHeld(() => {
      log.push('start');
      return () => log.push('stop');
    });
    const a = hold();
    const b = hold();
    expect(log).toEqual(['start']);
    a();
    a();
    expect(log).toEqual(['start']);
    b();
    expect(log).toEqual(['start', 'stop']);
    const c = hold();
    expect(log).toEqual(['start', 'stop', 'start']);
    c();
    b();
    expect(log).toEqual(['start', 'stop', 'start', 'stop']);
  });
});
