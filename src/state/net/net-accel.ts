// Acceleration's lifecycle (spec 4.17, 9): the config and proxy switch are read on a refresh cycle
// that starts at 10 s and grows by 10 s up to the config's interval (30 s by default, never under
// 10 s), 2 s after an empty CDN list; res_code 1 wraps fetch and XHR, sends both sockets through the
// config's socket link (wssLinks) and starts H3 detection every 25 s; res_code 8, or any exception,
// restores the browser's own fetch and XHR, brings the sockets back and stops.
import {
  fetchAccelConfig, H3_DETECT_MS, makeHatsid, proxySwitch, QualityCounters, RequestAccelerator, RES_SHUT_DOWN, RES_WHITELISTED, uploadQuality,
  type AccelConfig,
} from '../../api/net-accel.ts';
import { setSocketLink } from '../../net/api-base.ts';
import { deviceId } from '../device-id.ts';
import { pageOnline, stayReport } from '../page-status.ts';
import { followFeedRoute } from './feed-route.ts';
import { effect, signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';

/** Acceleration's SDK level (spec 4.17): "default", "open" or "close". */
const LEVEL_KEY = 'spot.netAccelLevel';

export const ACCEL_REFRESH_DEFAULT_MS = 30_000;
export const ACCEL_REFRESH_CURRENT_MS = 10_000;
export const ACCEL_REFRESH_MIN_MS = 10_000;
export const CDN_REFRESH_STEP_MS = 10_000;
export const EMPTY_CDN_RETRY_MS = 2_000;
/** Spec 9: quality upload cycles. */
export const QUALITY_UPLOAD_MS = 10_000;
export const STAY_UPLOAD_MS = 30_000;

export type SdkLevel = 'default' | 'open' | 'close';
const isLevel = (v: unknown): v is SdkLevel => v === 'default' || v === 'open' || v === 'close';

/** off: not whitelisted (yet); on: wrapping; shut: res_code 8; failed: a setup exception. */
export const accelState = signal<'off' | 'on' | 'shut' | 'failed'>('off');
/** What H3 detection last saw on the CDN ('' before the first detection). */
export const accelProtocol = signal('');
/** monitor_switch 1: request logging on. */
export const accelMonitoring = signal(false);

/** The SDK level kept locally: close never accelerates; open accelerates even when not whitelisted. */
export function sdkLevel(): SdkLevel {
  return readStored(LEVEL_KEY, isLevel) ?? 'default';
}

export function setSdkLevel(level: SdkLevel): void {
  writeStored(LEVEL_KEY, level);
}

/** The n-th refresh delay (n from 0): 10 s, 20 s, … up to the config's interval, never under 10 s. */
export function refreshDelay(n: number, config: AccelConfig | null): number {
  const ceiling = Math.max(ACCEL_REFRESH_MIN_MS, config?.refreshMS || ACCEL_REFRESH_DEFAULT_MS);
  return Math.max(ACCEL_REFRESH_MIN_MS, Math.min(ceiling, ACCEL_REFRESH_CURRENT_MS + n * CDN_REFRESH_STEP_MS));
}

let stopper: (() => void) | null = null;

/** Starts (once) the acceleration cycle; returns the stop, which also restores native fetch and XHR. */
export function startAcceleration(): () => void {
  if (stopper) return stopper;
  const level = sdkLevel();
  if (level === 'close') return () => undefined;
  followFeedRoute();
  const device = deviceId();
  let acc: RequestAccelerator | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let h3Timer: ReturnType<typeof setInterval> | null = null;
  let seq = 0;
  let cycles = 0;
  let stopped = false;
  let stopMonitor: (() => void) | null = null;
  /** The monitoring counters while monitor_switch is 1: where spec 7.6's events go. */
  let monitorCounters: QualityCounters | null = null;
  let whitelisted: boolean | null = null;
  const end = (state: 'off' | 'shut' | 'failed') => {
    stopped = true;
    stopMonitor?.();
    acc?.restore();
    acc = null;
    setSocketLink('');
    if (h3Timer !== null) clearInterval(h3Timer);
    accelState.value = state;
  };
  /** monitor_switch 1: count every accelerated request and upload every 10 s (counters) and 30 s (end time, current, stay and total durations). */
  const monitor = (on: boolean) => {
    accelMonitoring.value = on;
    if (!on || !acc) return stopMonitor?.();
    if (stopMonitor) return;
    const counters = new QualityCounters();
    acc.monitor = counters;
    monitorCounters = counters;
    // Spec 7.6 "netstatus": the browser going offline or online (state/page-status.ts).
    let firstStatus = true;
    const stopNetStatus = effect(() => {
      const online = pageOnline.value;
      if (!firstStatus) counters.event('netstatus', online ? 'online' : 'offline');
      firstStatus = false;
    });
    const send = () => {
      const seconds = counters.take();
      const events = counters.takeEvents();
      if (seconds.length || events.length) void uploadQuality({ deviceId: device, seconds, ...(events.length ? { events } : {}) }).catch(() => undefined);
    };
    const t10 = setInterval(send, QUALITY_UPLOAD_MS);
    // Spec 3's stay report: durations since load from the page status, and the report's end.
    const t30 = setInterval(() => {
      void uploadQuality({ deviceId: device, ...stayReport() }).catch(() => undefined);
    }, STAY_UPLOAD_MS);
    stopMonitor = () => {
      clearInterval(t10);
      clearInterval(t30);
      stopNetStatus();
      send();
      if (acc) acc.monitor = null;
      monitorCounters = null;
      stopMonitor = null;
    };
  };
  const detect = () =>
    void acc?.detectH3().then(
      (p) => {
        accelProtocol.value = p || 'unknown';
        monitorCounters?.event('detectQuality', `cdn protocol: ${p || 'unknown'}`);
      },
      (err: unknown) => {
        accelProtocol.value = 'unknown';
        monitorCounters?.event('linksException', `h3 probe: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
  const cycle = async () => {
    timer = null;
    if (stopped) return;
    let config: AccelConfig | null = null;
    try {
      config = await fetchAccelConfig();
      if (config.cdnLinks.length === 0) {
        timer = setTimeout(() => void cycle(), EMPTY_CDN_RETRY_MS);
        return;
      }
      const sw = await proxySwitch({ seq_id: String(++seq), device_id: device, app: 'spot-web', os: 'web', bu: 'spot', v: '1' });
      if (sw.errCode === 0 && sw.resCode === RES_SHUT_DOWN) return end('shut');
      if ((sw.errCode === 0 && sw.resCode === RES_WHITELISTED) || level === 'open') {
        if (acc) acc.update(config);
        else {
          acc = new RequestAccelerator(window, config, makeHatsid(device));
          acc.install();
          detect();
          h3Timer = setInterval(detect, H3_DETECT_MS);
        }
        accelState.value = 'on';
        // Both sockets go through the config's socket link too (back to the route's when it has none).
        setSocketLink(config.wssLinks[0] ?? '');
        monitor(sw.monitorSwitch === 1);
      }
      // Spec 7.6 "whitelist": the proxy switch's whitelisted answer, each time it changes.
      const now = sw.errCode === 0 && sw.resCode === RES_WHITELISTED;
      if (whitelisted !== now) monitorCounters?.event('whitelist', now ? 'whitelisted' : `not whitelisted (res_code ${sw.resCode})`);
      whitelisted = now;
    } catch (err) {
      // Spec 7.6 "sdkerror": a setup exception, uploaded before monitoring stops with it.
      monitorCounters?.event('sdkerror', err instanceof Error ? err.message : String(err));
      return end('failed');
    }
    if (!stopped) timer = setTimeout(() => void cycle(), refreshDelay(cycles++, config));
  };
  void cycle();
  stopper = () => {
    if (timer !== null) clearTimeout(timer);
    end('off');
    stopper = null;
  };
  return stopper;
}
