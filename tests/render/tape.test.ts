import { describe, expect, it } from 'vitest';
import { FLASH_STEPS, flashStep, nextFlashAge, tapeShift } from '../../src/render/trades/tape.ts';

describe('tape shift', () => {
  const a = { id: 'a' }, b = { id: 'b' }, c = { id: 'c' }, d = { id: 'd' }, e = { id: 'e' };

  it('is 0 when the same trades show', () => {
    expect(tapeShift([a, b, c], [a, b, c])).toBe(0);
    expect(tapeShift([a, b, null], [a, b])).toBe(0);
  });

  it('counts the new trades on top when the rest moved down', () => {
    expect(tapeShift([a, b, c], [d, a, b, c])).toBe(1);
    expect(tapeShift([a, b, c], [e, d, a])).toBe(2);
    expect(tapeShift([a, b, null], [d, a, b])).toBe(1);
  });

  it('asks for a full repaint when the list is not a shift of what shows', () => {
    expect(tapeShift([null, null, null], [a, b, c])).toBe(-1);
    expect(tapeShift([a, b, c], [d, a, c])).toBe(-1);
    expect(tapeShift([a, b, c], [d, e, c])).toBe(-1);
    expect(tapeShift([a, b, c], [d, e, b])).toBe(-1);
    expect(tapeShift([a, b, c], [])).toBe(-1);
  });
});

describe('flash steps', () => {
  it('steps down from full to none over the flash time', () => {
    expect(flashStep(0, 600)).toBe(FLASH_STEPS);
    expect(flashStep(-5, 600)).toBe(FLASH_STEPS);
    expect(flashStep(599, 600)).toBe(1);
    expect(flashStep(600, 600)).toBe(0);
    expect(flashStep(10_000, 600)).toBe(0);
    let prev = FLASH_STEPS;
    for (let age = 0; age <= 700; age += 7) {
      const s = flashStep(age, 600);
      expect(s).toBeLessThanOrEqual(prev);
      expect(s).toBeGreaterThanOrEqual(0);
      prev = s;
    }
  });
});

describe('next flash change', () => {
  it('is the first age at which the step drops, so the tape wakes once per step', () => {
    for (let step = FLASH_STEPS; step >= 1; step--) {
      const at = nextFlashAge(step, 600);
      expect(flashStep(at, 600)).toBe(step - 1);
      expect(flashStep(at - 1, 600)).toBeGreaterThanOrEqual(step);
    }
  });
});
