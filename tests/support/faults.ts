// One typed client for the exchange's test controls (--faults): `faults(base).marginPrice({ coin,
// price })` posts /faults/margin-price. Names, bodies and answers are typed from the server's own
// table (server/http/fault-api.ts: each control's body schema and answer), so a control that does
// not exist, a field it does not take or a wrong type fails the typecheck. A typed call resolves
// with the answer ({ok: true, …}) and throws on anything but 200; `post` sends any body and
// resolves with the Response, for the tests of a control's refusals.
import type { FaultBody, FaultName, FaultResult } from '../../server/http/fault-api.ts';

/** 'margin-price' → 'marginPrice'. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** What a control answers: {ok: true} and its result. */
export type FaultAnswer<N extends FaultName> = { ok: true } & FaultResult<N>;

/** One control: the body may be left out when none of its fields is required. */
type Call<N extends FaultName> = Record<string, never> extends FaultBody<N>
  ? (body?: FaultBody<N>) => Promise<FaultAnswer<N>>
  : (body: FaultBody<N>) => Promise<FaultAnswer<N>>;

export type FaultClient = { readonly [N in FaultName as Camel<N>]: Call<N> } & {
  /** POST /faults/<name> with any body (a refusal's test); resolves with the Response. */
  post(name: FaultName, body?: unknown): Promise<Response>;
};

const kebab = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The test controls of the exchange at `base` (http://host:port, with or without a trailing
 * slash), or at whatever `base()` says at each call (a shared test server started later).
 */
export function faults(base: string | (() => string)): FaultClient {
  const root = () => (typeof base === 'function' ? base() : base).replace(/\/$/, '');
  const post = (name: string, body: unknown = {}) =>
    fetch(`${root()}/faults/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const call = async (name: string, body: unknown) => {
    const res = await post(name, body);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`/faults/${name} answered ${res.status}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  return new Proxy({} as FaultClient, {
    get: (_target, key) => {
      if (key === 'post') return post;
      if (typeof key !== 'string' || key === 'then') return undefined;
      return (body?: unknown) => call(kebab(key), body ?? {});
    },
  });
}
