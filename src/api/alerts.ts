// The account's alerts on the local exchange (issue 35 item 3; /v5/local/alert/*) with the page's session.
import { ALERT_CREATE_PATH, ALERT_DELETE_PATH, ALERT_LIST_PATH, decodeAlert, type Alert, type AlertCreateRequest } from '../protocol/alerts.ts';
import { ApiError, requestJson, v5Result } from './http.ts';

export async function createAlert(req: AlertCreateRequest): Promise<Alert> {
  const a = decodeAlert(v5Result(await requestJson(ALERT_CREATE_PATH, { method: 'POST', body: req })));
  if (!a) throw new ApiError('bad response result', 'parse', 200);
  return a;
}

export async function listAlerts(): Promise<Alert[]> {
  const r = v5Result(await requestJson(ALERT_LIST_PATH));
  return (Array.isArray(r.list) ? r.list : []).map(decodeAlert).filter((a): a is Alert => a !== null);
}

export async function deleteAlert(alertId: string): Promise<void> {
  v5Result(await requestJson(ALERT_DELETE_PATH, { method: 'POST', body: { alertId } }));
}
