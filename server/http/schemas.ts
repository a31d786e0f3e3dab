/**
 * JSON-schema building blocks for request queries and bodies. Schemas check shapes (types,
 * lengths, number formats); the handlers keep the business rules and their Bybit codes (an
 * unknown symbol is 170121 or "Not supported symbols", not a schema error). Unknown fields are
 * allowed, as Bybit ignores them. `description` is what a failure message says the field must be.
 *
 * Each builder also carries, as a type only, what a value that passes looks like (`Infer`), so a
 * body's type follows from its schema (the test controls' bodies: http/fault-api.ts).
 */

declare const VALUE: unique symbol;

/** A JSON schema; `T` is the type of what passes it (unknown for a schema written as a plain object). */
export type Schema<T = unknown> = Record<string, unknown> & { readonly [VALUE]?: T };

/** What passes a schema: its builder's type, or unknown. */
export type Infer<S> = S extends { readonly [VALUE]?: infer T } ? T : unknown;

/** A string of at most `maxLength` characters. */
export function text(maxLength = 64): Schema<string> {
  return { type: 'string', maxLength };
}

/** A non-negative integer written in decimal digits (query strings carry numbers as text). */
export function digits(maxDigits = 16): Schema<string> {
  return { type: 'string', pattern: `^\\d{1,${maxDigits}}$`, description: 'a whole number' };
}

/** A decimal amount as a string, or a JSON number (some clients send numbers). */
export const AMOUNT: Schema<string | number> = { type: ['string', 'number'], maxLength: 64 };

/** A flag some clients send as 0/1 and others as "0"/"1" or booleans. */
export const FLAG: Schema<number | string | boolean> = { type: ['integer', 'string', 'boolean'], maxLength: 8 };

/** true or false. */
export function bool(): Schema<boolean> {
  return { type: 'boolean' };
}

/** A JSON integer from `minimum` (to `maximum`, when given). */
export function int(minimum: number, maximum?: number): Schema<number> {
  return { type: 'integer', minimum, ...(maximum !== undefined ? { maximum } : {}) };
}

/** A JSON number from `minimum` to `maximum`. */
export function num(minimum: number, maximum: number): Schema<number> {
  return { type: 'number', minimum, maximum };
}

/** One of these values (`description` says which, in a failure's message). */
export function oneOf<const V extends string | number>(values: readonly V[], description?: string): Schema<V> {
  return { enum: [...values], ...(description !== undefined ? { description } : {}) };
}

/** An array of at most `maxItems` items, each passing `items`. */
export function list<S extends Schema>(items: S, maxItems: number): Schema<Array<Infer<S>>> {
  return { type: 'array', items, maxItems };
}

/** A schema written out by hand, with the type of what passes it. */
export function shaped<T>(schema: Record<string, unknown>): Schema<T> {
  return schema;
}

type Props = Record<string, Schema>;
/** The object type of `object(properties, required)`: the required fields, then the optional ones. */
export type ObjectOf<P extends Props, R extends keyof P> = { -readonly [K in R]: Infer<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: Infer<P[K]> };

/** An object with these properties (all optional unless listed in `required`). */
export function object<const P extends Props, const R extends keyof P & string = never>(properties: P, required: readonly R[] = []): Schema<ObjectOf<P, R>> {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Query strings: every value is a string (repeated keys keep the first value). */
export const query = object;
