import type { TFunction } from 'i18next';

/** A translation that takes one value (an order id in an aria-label): the rest looked up once. */
export type Template = (value: string) => string;

export interface CachedT {
  /** `t(key)`, looked up once per key for this language. */
  (key: string): string;
  /**
   * `t(key, { [name]: value })` for many values: the sentence is looked up once with a marker in
   * the value's place, and each call puts the value there.
   */
  template(key: string, name: string): Template;
}

const SLOT = '\u0000';

/**
 * Table cells' words, each looked up once per language (issue 37: rows that a scroll brings in
 * called i18next for every cell, a sixth of a scroll frame's script with 1,000 open orders). Make
 * one where the columns are made (their memo already follows `t`), so a new language makes anew.
 */
export function cachedT(t: TFunction): CachedT {
  const words = new Map<string, string>();
  const get = ((key: string) => {
    let w = words.get(key);
    if (w === undefined) {
      w = t(key);
      words.set(key, w);
    }
    return w;
  }) as CachedT;
  get.template = (key, name) => {
    const parts = t(key, { [name]: SLOT }).split(SLOT);
    // A translation without the value (or with it twice) is written as i18next writes it.
    if (parts.length !== 2) return (value) => t(key, { [name]: value });
    const [before, after] = parts as [string, string];
    return (value) => before + value + after;
  };
  return get;
}
