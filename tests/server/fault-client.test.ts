// The test controls' table (server/http/fault-api.ts) is the whole of /faults/*: every control the
// server registers is in it and every entry is registered, so the typed client
// (tests/support/faults.ts) reaches each one; a call answers the table's result, a body outside
// the schema is refused with 400, and the typecheck refuses what the table does not allow.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { composeServer } from '../../server/compose.ts';
import { parseConfig } from '../../server/config.ts';
import { installExchange } from '../../server/exchange/install.ts';
import { FAULT_BODIES } from '../../server/http/fault-api.ts';
import { CSP_REPORT_PATH } from '../../server/http/security.ts';
import { RouteSet } from '../../server/net/route-set.ts';
import { faults, type FaultClient } from '../support/faults.ts';

let dir: string;
let running: RunningServer;
let f: FaultClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fault-client-'));
  const config = parseConfig(['--port', '0', '--data', dir, '--faults', '--quiet', '--rate', '0', '--routes', 'none'], {});
  const routes = await RouteSet.start(config, []);
  running = await startServer(config, [installExchange, composeServer({ onReady: ({ db }) => (routes.db = db) }), routes.install]);
  f = faults(running.url);
});
afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the test controls', () => {
  test('the table names exactly the controls the exchange registers', () => {
    const registered = running
      .routes()
      .filter((r) => r.method === 'POST' && r.path.startsWith('/faults/') && r.path !== CSP_REPORT_PATH)
      .map((r) => r.path.slice('/faults/'.length));
    expect(registered.sort()).toEqual(Object.keys(FAULT_BODIES).sort());
  });

  test('a call answers {ok: true} with its result; a body outside the schema is refused', async () => {
    const moved = await f.price({ symbol: 'SOLUSDT', price: '250' });
    expect(moved).toMatchObject({ ok: true, lastPrice: expect.any(String) });
    expect(typeof (await f.marginClock({ hours: 0 })).now).toBe('number');
    expect(await f.reset()).toEqual({ ok: true });
    const refused = await f.post('margin-clock', { hours: -1 });
    expect(refused.status).toBe(400);
    await expect(f.marginRisk({ name: 'nobody-here', state: '' })).rejects.toThrow(/answered 400.*unknown account/);
  });
});

/** Never called: the typecheck (npm run typecheck) holds these to the table. */
export function typeChecks(c: FaultClient): void {
  // @ts-expect-error no such control
  void c.marginPrices;
  // @ts-expect-error hours is a number
  void c.marginClock({ hours: '3' });
  // @ts-expect-error the account's name is required
  void c.marginRisk({ state: 'NORMAL' });
  // @ts-expect-error not a risk state
  void c.marginRisk({ name: 'alice', state: 'CALM' });
  // Every field of drop-sockets is optional (it has none): the body may be left out.
  void c.dropSockets();
}
