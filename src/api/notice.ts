import { ApiError, requestJson, v5Result } from './http.ts';
import { pageResult } from './page-envelope.ts';
import { SYMBOL_NOTICE_PATH, type SymbolNotice } from '../protocol/symbol-notice.ts';

export type { SymbolNotice };


/** Notice-check timeout of spec 9. */
export const NOTICE_TIMEOUT_MS = 20_000;

/** GET /api/spot/symbol-notice?symbol_id= (page envelope: success, code, result). */
export async function fetchSymbolNotice(symbolId: string, opts: { signal?: AbortSignal; base?: string } = {}): Promise<SymbolNotice> {
  const data = await requestJson(`${opts.base ?? ''}${SYMBOL_NOTICE_PATH}?symbol_id=${encodeURIComponent(symbolId)}`, {
    signal: opts.signal,
    timeoutMs: NOTICE_TIMEOUT_MS,
  });
  const r = pageResult(data, 'notice request');
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN);
  const notice: SymbolNotice = {
    symbolId: typeof r.symbolId === 'string' ? r.symbolId : '',
    noticeType: num(r.noticeType),
    noticeContent: typeof r.noticeContent === 'string' ? r.noticeContent.slice(0, 2000) : '',
    noticeLinkUrl: typeof r.noticeLinkUrl === 'string' ? r.noticeLinkUrl.slice(0, 2000) : '',
    onlineTime: num(r.onlineTime),
    nowTime: num(r.nowTime),
  };
  if (!Number.isFinite(notice.onlineTime)) throw new ApiError('bad notice', 'parse', 200);
  return notice;
}

/** Server time from /v5/market/time, in ms. */
export async function fetchServerTime(opts: { signal?: AbortSignal; base?: string } = {}): Promise<number> {
  const r = v5Result(await requestJson(`${opts.base ?? ''}/v5/market/time`, { signal: opts.signal, timeoutMs: 5000 }));
  const nano = typeof r.timeNano === 'string' && /^\d{10,}$/.test(r.timeNano) ? Number(r.timeNano.slice(0, -6)) : NaN;
  if (Number.isFinite(nano)) return nano;
  const sec = typeof r.timeSecond === 'string' ? Number(r.timeSecond) * 1000 : NaN;
  if (!Number.isFinite(sec)) throw new ApiError('bad server time', 'parse', 200);
  return sec;
}
