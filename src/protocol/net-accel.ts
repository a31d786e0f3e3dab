// Client-side acceleration (spec 4.17, 7.6): the config and the proxy switch, shared by the
// exchange that serves them and the page that reads them.
import type { MonitorEvent } from '../core/monitor-events.ts';
export { MONITOR_EVENTS, type MonitorEvent, type MonitorEventType } from '../core/monitor-events.ts';

export const ACCEL_CONFIG_PATH = '/api/net/accel-config';
export const PROXY_SWITCH_PATH = '/api/net/proxy-switch';

/** Spec 4.17: res_code 1 whitelists the user (H3 detection starts); 8 shuts acceleration down. */
export const RES_WHITELISTED = 1;
export const RES_SHUT_DOWN = 8;

export interface AccelConfig {
  rt: string;
  env: string;
  autoCdn: boolean;
  refreshMS: number;
  includeHttpRegexp: string;
  excludeHttpRegexp: string;
  /** Origins (http(s)://host:port) of the CDN the accelerated paths go through. */
  cdnLinks: string[];
  /** Origins (ws(s)://host:port) both sockets use while accelerated. */
  wssLinks: string[];
}

export interface ProxySwitch {
  errCode: number;
  resCode: number;
  monitorSwitch: number;
}

const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Reads the config's result; throws on what is not a config (the page then stays native). */
export function decodeAccelConfig(result: unknown): AccelConfig {
  const r = rec(result);
  if (typeof r.includeHttpRegexp !== 'string' || typeof r.excludeHttpRegexp !== 'string') throw new Error('bad acceleration config');
  return {
    rt: typeof r.rt === 'string' ? r.rt : '',
    env: typeof r.env === 'string' ? r.env : '',
    autoCdn: r.autoCdn === true,
    refreshMS: typeof r.refreshMS === 'number' && Number.isFinite(r.refreshMS) ? r.refreshMS : 0,
    includeHttpRegexp: r.includeHttpRegexp,
    excludeHttpRegexp: r.excludeHttpRegexp,
    cdnLinks: strings(r.cdnLinks).filter((u) => /^https?:\/\/[^/]+$/.test(u)),
    wssLinks: strings(r.wssLinks).filter((u) => /^wss?:\/\/[^/]+$/.test(u)),
  };
}

/** Reads the proxy-switch answer {err_code, result: {res_code, monitor_switch}}; throws on another shape. */
export function decodeProxySwitch(body: unknown): ProxySwitch {
  const b = rec(body);
  const result = rec(b.result);
  if (typeof b.err_code !== 'number') throw new Error('bad proxy-switch answer');
  return {
    errCode: b.err_code,
    resCode: typeof result.res_code === 'number' ? result.res_code : 0,
    monitorSwitch: typeof result.monitor_switch === 'number' ? result.monitor_switch : 0,
  };
}

/**
 * A browser's random device id (src/state/device-id.ts), as the page makes it: 8 to 40 of a-z and
 * 0-9. The quality collector takes uploads under ids of this form only.
 */
export const DEVICE_ID_PATTERN = '^[a-z0-9]{8,40}$';
export const isDeviceId = (v: unknown): v is string => typeof v === 'string' && new RegExp(DEVICE_ID_PATTERN).test(v);

/** POST: quality uploads (spec 3, 7.6); GET with ?device_id= … : the report page. */
export const QUALITY_PATH = '/api/net/quality';
export const QUALITY_REPORT_PATH = '/api/net/quality/report';

/** One second's counters of one link kind ('cdn', 'h3'). */
export interface QualitySecond {
  kind: string;
  /** Unix second the requests were sent in. */
  second: number;
  send: number;
  recv: number;
  timeout: number;
  error: number;
  /** Summed cost (ms) of the answered requests whose cost counted (0 < cost < 30,000). */
  cost: number;
  /** Requests with no reply 3 s after they were sent. */
  bad: number;
}

export interface QualityUpload {
  deviceId: string;
  seconds?: QualitySecond[];
  /** monitor_switch 1: the events since the last upload (spec 7.6). */
  events?: MonitorEvent[];
  /**
   * The 30 s upload (spec 3's stay report, state/page-status.ts): time shown since load
   * (stay_duration), time since load (total_duration), this visible stretch (cur_duration) and the
   * report's end (end_time, epoch ms).
   */
  stayMs?: number;
  totalMs?: number;
  curMs?: number;
  endTime?: number;
  /** Socket problems that reached their report threshold (spec 9 "3/3/22", src/net/socket-report.ts). */
  sockets?: SocketProblem[];
}

/** One socket report: which stream, which threshold ('openFailures', 'pingTimeouts', 'reconnects'). */
export interface SocketProblem {
  stream: 'public' | 'private';
  kind: string;
  count: number;
  lastCode: number;
}
