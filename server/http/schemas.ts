/**
 * JSON-schema building blocks for request queries and bodies. Schemas check shapes (types,
 * lengths, number formats); the handlers keep the business rules and their Bybit codes (an
 * unknown symbol is 170121 or "Not supported symbols", not a schema error). Unknown fields are
 * allowed, as Bybit ignores them. `description` is what a failure message says the field must be.
 */

export type Schema = Record<string, unknown>;

/** A string of at most `maxLength` characters. */
export function text(maxLength = 64): Schema {
  return { type: 'string', maxLength };
}

/** A non-negative integer written in decimal digits (query strings carry numbers as text). */
export function digits(maxDigits = 16): Schema {
  return { type: 'string', pattern: `^\\d{1,${maxDigits}}$`, description: 'a whole number' };
}

/** A decimal amount as a string, or a JSON number (some clients send numbers). */
export const AMOUNT: Schema = { type: ['string', 'number'], maxLength: 64 };

/** A flag some clients send as 0/1 and others as "0"/"1" or booleans. */
export const FLAG: Schema = { type: ['integer', 'string', 'boolean'], maxLength: 8 };

/** An object with these properties (all optional unless listed in `required`). */
export function object(properties: Record<string, Schema>, required: readonly string[] = []): Schema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Query strings: every value is a string (repeated keys keep the first value). */
export const query = object;
