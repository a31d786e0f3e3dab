import { describe, expect, test } from 'vitest';
import { leverageCheck } from '../../src/core/leverage-check.ts';

// Spec 5.1 and 4.5: the leverage check's three outcomes.
describe('leverage check', () => {
  const base = { isUnified: true, marginMode: 'REGULAR_MARGIN', confirmed: true, passed: true, leverageOn: true };
  test('an isolated-margin unified account is told leverage is not supported, whatever else holds', () => {
    expect(leverageCheck({ ...base, marginMode: 'ISOLATED_MARGIN' })).toEqual({ ok: false, message: 'margin.isolatedNotSupported' });
    expect(leverageCheck({ ...base, marginMode: 'ISOLATED_MARGIN', confirmed: false })).toEqual({ ok: false, message: 'margin.isolatedNotSupported' });
  });
  test('confirmed and passed: allowed only with leverage on, else the leverage-off tip', () => {
    expect(leverageCheck(base)).toEqual({ ok: true });
    expect(leverageCheck({ ...base, leverageOn: false })).toEqual({ ok: false, message: 'margin.leverageOffTradeTip' });
    expect(leverageCheck({ ...base, marginMode: 'PORTFOLIO_MARGIN' })).toEqual({ ok: true });
  });
  test('not confirmed or not passed: fails and asks for the leverage info again', () => {
    expect(leverageCheck({ ...base, confirmed: false })).toEqual({ ok: false, refetch: true });
    expect(leverageCheck({ ...base, passed: false })).toEqual({ ok: false, refetch: true });
  });
});
