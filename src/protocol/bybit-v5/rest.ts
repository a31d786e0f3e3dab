// List results of the private /v5 endpoints (orders, executions).

/** The items of a `{ list: [...] }` result that decode; the others are skipped. */
export function decodeList<T>(result: Record<string, unknown>, decode: (raw: unknown) => T | null): T[] {
  const list = Array.isArray(result.list) ? result.list : [];
  const out: T[] = [];
  for (const item of list) {
    const v = decode(item);
    if (v) out.push(v);
  }
  return out;
}
