import type { AppContext } from '../app.ts';
import { faultRoute } from '../http/fault-api.ts';
import { faultScopeOf } from '../exchange/faults/scope.ts';
import { pageBody, sendJson } from '../http/reply.ts';
import { ACCEL_CONFIG_PATH, PROXY_SWITCH_PATH, type AccelConfig } from '../../src/protocol/net-accel.ts';

/**
 * The paths of spec 7.6 that go through the CDN when accelerated, as this exchange names them:
 * user profile, member info and preferences, logout, exchange rate, the announcement banner, coin
 * config and asset (v5/asset), the spot symbol list and one symbol's live state (instruments-info),
 * klines and chart settings, lever tokens and their detail, orders (create included) and the trade
 * hint (spot-borrow-check), the innovation quota, wallet balance and account, grid bots,
 * compliance (web config), symbol notices, rewards (activity home). tests/net/accel.test.ts maps
 * each item of the spec's list to its path here.
 */
export const INCLUDE_HTTP_REGEXP =
  '^/(v5/(order|account|asset|spot-lever-token|grid|announcements)/|v5/market/(kline|instruments-info)([?]|$)|api/(user|grid-bot|spot|notice|news|rewards)/|api/logout([?]|$)|spot/api/(account|innovation)/)';
/** Never accelerated: the route list, probes and this config itself. */
export const EXCLUDE_HTTP_REGEXP = '^/(api/net/|t1)';

/** What /faults/accel set for a scope: the proxy switch's answer, or a failure. */
interface AccelFault {
  errCode: number;
  resCode: number;
  monitorSwitch: number;
  /** Answer 500 with a non-JSON body: the page's setup fails and must stay native. */
  fail: boolean;
}

const DEFAULT: AccelFault = { errCode: 0, resCode: 0, monitorSwitch: 0, fail: false };
const REQUIRED = ['seq_id', 'device_id', 'app', 'os', 'bu', 'v'] as const;

function hostnameOf(host: string | undefined): string {
  if (!host) return '127.0.0.1';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/**
 * The acceleration config and the proxy switch (spec 4.17, 7.6). Nobody is whitelisted by default
 * (res_code 0): /faults/accel sets, per fault scope, what the switch answers.
 */
export function installAccel(ctx: AppContext, cdnPort: () => number | null): void {
  const faults = new Map<string, AccelFault>();
  const faultFor = (cookie: string | undefined) => faults.get(faultScopeOf(cookie) ?? '') ?? faults.get('') ?? DEFAULT;

  ctx.router.get(ACCEL_CONFIG_PATH, { config: { api: 'page' } }, (request, reply) => {
    const port = cdnPort();
    const config: AccelConfig = {
      rt: 'web',
      env: 'local',
      autoCdn: port !== null,
      refreshMS: 10_000,
      includeHttpRegexp: INCLUDE_HTTP_REGEXP,
      excludeHttpRegexp: EXCLUDE_HTTP_REGEXP,
      cdnLinks: port === null ? [] : [`http://${hostnameOf(request.headers.host)}:${port}`],
      // The CDN edge forwards sockets as well as requests (route-edge.ts).
      wssLinks: port === null ? [] : [`ws://${hostnameOf(request.headers.host)}:${port}`],
    };
    sendJson(reply, 200, pageBody(0, 'success', config));
  });

  ctx.router.get(PROXY_SWITCH_PATH, { config: { api: 'page' } }, (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const missing = REQUIRED.filter((k) => typeof q[k] !== 'string' || q[k] === '');
    if (missing.length > 0) return sendJson(reply, 200, { err_code: 10001, err_msg: `missing ${missing.join(', ')}`, result: {} });
    const f = faultFor(request.headers.cookie);
    if (f.fail) return reply.code(500).header('content-type', 'text/plain').send('proxy switch unavailable');
    return sendJson(reply, 200, { err_code: f.errCode, err_msg: f.errCode === 0 ? 'OK' : 'error', result: { res_code: f.resCode, monitor_switch: f.monitorSwitch } });
  });

  if (!ctx.config.faults) return;
  faultRoute(ctx, 'accel', (b) => {
    const key = typeof b.scope === 'string' ? b.scope : '';
    if (b.reset === true) return void faults.delete(key);
    const prev = faults.get(key) ?? DEFAULT;
    faults.set(key, {
      errCode: typeof b.errCode === 'number' ? b.errCode : prev.errCode,
      resCode: typeof b.resCode === 'number' ? b.resCode : prev.resCode,
      monitorSwitch: typeof b.monitorSwitch === 'number' ? b.monitorSwitch : prev.monitorSwitch,
      fail: typeof b.fail === 'boolean' ? b.fail : prev.fail,
    });
  });
}
