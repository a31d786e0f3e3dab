// The page API's envelope {success, code, message, result}, read in one place for every page client.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http.ts';
import { pageResult } from '../../src/api/page-envelope.ts';

describe('pageResult', () => {
  it('returns the result of a successful answer', () => {
    expect(pageResult({ success: true, code: 0, result: { list: [1] } })).toEqual({ list: [1] });
  });

  it("keeps the exchange's message and numeric code on a failure", () => {
    const err = (() => {
      try {
        pageResult({ success: false, code: 10005, message: 'Permission denied' }, 'favourites request');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Permission denied');
    expect((err as ApiError).code).toBe(10005);
  });

  it.each([null, 'text', [], { success: true }, { success: true, result: [] }, { success: 'true', result: {} }])(
    'names the request when the answer is not an envelope: %j',
    (data) => {
      expect(() => pageResult(data, 'rewards request')).toThrowError(/rewards request failed/);
      try {
        pageResult(data, 'rewards request');
      } catch (e) {
        expect((e as ApiError).code).toBe('parse');
      }
    },
  );
});
