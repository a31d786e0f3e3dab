// Cheap shape checks the decoders share. Anything that fails one drops the whole message.
import { DECIMAL_RE } from '../../core/decimal.ts';

export const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A plain non-negative decimal string of at most 40 characters. */
export const dec = (x: unknown): x is string => typeof x === 'string' && x.length <= 40 && DECIMAL_RE.test(x);
export const signedDec = (x: unknown): x is string => typeof x === 'string' && x.length <= 40 && /^-?\d+(?:\.\d+)?$/.test(x);
export const time = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
/** Empty strings are how Bybit sends "no value" in some ticker fields. */
export const decOrEmpty = (x: unknown): x is string => x === '' || dec(x);
