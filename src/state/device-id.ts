// This browser's random device id: the proxy switch's device_id, the hatsid prefix (spec 7.6) and
// the name the quality collector files this browser's uploads under.
import { isDeviceId } from '../protocol/net-accel.ts';
import { readStored, writeStored } from './storage.ts';

const DEVICE_KEY = 'spot.deviceId';

export function deviceId(): string {
  let id = readStored(DEVICE_KEY, isDeviceId);
  if (!id) writeStored(DEVICE_KEY, (id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`));
  return id;
}
