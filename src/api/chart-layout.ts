// Spec 7.1: the chart layout on the account (set_kline_config / get_kline_config).
import { parseLayout, type LayoutEnvelope } from '../core/chart/layout-sync.ts';
import { ApiError, isRecord, requestJson } from './http.ts';

function checked(data: unknown): Record<string, unknown> {
  if (!isRecord(data) || data.code !== 0) throw new ApiError(isRecord(data) && typeof data.message === 'string' ? data.message : 'request failed', isRecord(data) && typeof data.code === 'number' ? data.code : 'parse', 200);
  return isRecord(data.result) ? data.result : {};
}

/** The saved layout, or null when the account has none. */
export async function fetchChartLayout(): Promise<LayoutEnvelope | null> {
  return parseLayout(checked(await requestJson('/spot/api/account/get_kline_config')).kline);
}

export async function saveChartLayout(layout: LayoutEnvelope): Promise<void> {
  checked(await requestJson('/spot/api/account/set_kline_config', { method: 'POST', body: { kline: JSON.stringify(layout) } }));
}
