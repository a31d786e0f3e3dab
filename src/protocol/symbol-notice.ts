/** Spec 3 "Symbol notice" on the wire (GET /api/spot/symbol-notice?symbol_id=), shared by the exchange and the page. */
export interface SymbolNotice {
  symbolId: string;
  noticeType: number;
  noticeContent: string;
  noticeLinkUrl: string;
  onlineTime: number;
  nowTime: number;
}

export const SYMBOL_NOTICE_PATH = '/api/spot/symbol-notice';
