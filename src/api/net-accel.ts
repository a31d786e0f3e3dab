// The acceleration config and proxy switch (spec 4.17, 7.6), and the request wrapping they turn on.
import { ACCEL_CONFIG_PATH, decodeAccelConfig, decodeProxySwitch, PROXY_SWITCH_PATH, QUALITY_PATH, type AccelConfig, type ProxySwitch, type QualityUpload } from '../protocol/net-accel.ts';
import { isRecord, requestJson } from './http.ts';

export { H3_DETECT_MS, makeHatsid, RequestAccelerator } from '../net/accel.ts';
export { QualityCounters } from '../net/quality.ts';
export { RES_SHUT_DOWN, RES_WHITELISTED, type AccelConfig, type ProxySwitch } from '../protocol/net-accel.ts';

export async function fetchAccelConfig(): Promise<AccelConfig> {
  const data = await requestJson(ACCEL_CONFIG_PATH);
  return decodeAccelConfig(isRecord(data) ? data.result : undefined);
}

export interface ProxySwitchQuery {
  seq_id: string;
  device_id: string;
  app: string;
  os: string;
  bu: string;
  v: string;
}

/** Asks whether this device is whitelisted; throws on a failed or malformed answer. */
export async function proxySwitch(q: ProxySwitchQuery): Promise<ProxySwitch> {
  return decodeProxySwitch(await requestJson(`${PROXY_SWITCH_PATH}?${new URLSearchParams({ ...q })}`));
}

/** Sends one quality upload to the exchange's collector. */
export async function uploadQuality(upload: QualityUpload): Promise<void> {
  await requestJson(QUALITY_PATH, { method: 'POST', body: upload });
}
