// Spec 7.5 "check whether OTC is guided" (result.guided) and the record the OTC guide's end makes.
import { isRecord, requestJson } from './http.ts';

export async function fetchOtcGuided(): Promise<boolean> {
  const data = await requestJson('/api/otc/guided');
  const result = isRecord(data) && isRecord(data.result) ? data.result : {};
  return result.guided === true;
}

export async function recordOtcGuided(): Promise<void> {
  await requestJson('/api/otc/guided', { method: 'POST' });
}
