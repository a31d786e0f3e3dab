// The pages the Tools tab links to (spec 2.17), served by the exchange so nothing 404s: OTC convert
// is a small working page (form → quote valid 10 s → convert) on ConvertService; auto-invest, future
// spread and the copy-trading leader centre say what they are and that the local exchange does not
// run them. Server-rendered, no script; every dynamic value is escaped; forms post same-origin only.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_LIMIT, redirect } from '../../accounts/http-util.ts';
import { escapeHtml } from '../../accounts/pages.ts';
import { ApiError } from '../../auth/errors.ts';
import { isSameOrigin } from '../../auth/same-origin.ts';
import { sessionUserId } from '../../auth/session.ts';
import { sendHtml } from '../../http/reply.ts';
import { formBody } from '../../http/request.ts';
import { object, query, text } from '../../http/schemas.ts';
import { CONVERT_COINS } from '../services/convert.ts';
import type { RouteContext } from './context.ts';

type Lang = 'en' | 'zh-CN' | 'ja';

const TEXT: Record<Lang, Record<string, string>> = {
  en: {
    convert: 'Convert', from: 'From', to: 'To', amount: 'Amount', getQuote: 'Get quote', pay: 'You pay', receive: 'You receive', rate: 'Rate',
    validUntil: 'This quote is valid until', confirm: 'Convert now', done: 'Converted', again: 'Convert again', back: '← Spot trading',
    balance: 'Available', local: 'Local exchange: converted from your balances at the market price less 0.1 %.',
    autoInvest: 'Auto-invest', autoInvestBody: 'Auto-invest buys a coin on a schedule. The local exchange does not run it; on Bybit it lives at this address.',
    futureSpread: 'Future spread', futureSpreadBody: 'Future spread trades a spot pair against a future. The local exchange lists spot pairs only, so it does not run it.',
    leader: 'Copy-trading leader centre', leaderBody: 'Leaders manage the traders who copy them here. The local exchange has no copy trading.',
  },
  'zh-CN': {
    convert: '闪兑', from: '从', to: '到', amount: '数量', getQuote: '获取报价', pay: '您支付', receive: '您获得', rate: '汇率',
    validUntil: '报价有效期至', confirm: '立即兑换', done: '兑换成功', again: '再次兑换', back: '← 现货交易',
    balance: '可用', local: '本地交易所：按市场价格减 0.1% 从您的余额中兑换。',
    autoInvest: '定投', autoInvestBody: '定投按计划买入币种。本地交易所不运行此功能；在 Bybit 上它位于此地址。',
    futureSpread: '期现价差', futureSpreadBody: '期现价差交易现货对与期货。本地交易所仅上线现货交易对，因此不运行此功能。',
    leader: '跟单交易员中心', leaderBody: '交易员在此管理跟单者。本地交易所没有跟单交易。',
  },
  ja: {
    convert: 'コンバート', from: '元の通貨', to: '交換先', amount: '数量', getQuote: '見積もりを取得', pay: '支払額', receive: '受取額', rate: 'レート',
    validUntil: 'この見積もりの有効期限', confirm: '今すぐ交換', done: '交換完了', again: 'もう一度交換', back: '← 現物取引',
    balance: '利用可能', local: 'ローカル取引所：市場価格から 0.1% を差し引いた価格で残高から交換します。',
    autoInvest: '積立投資', autoInvestBody: '積立投資は予定どおりに通貨を購入します。ローカル取引所では実行されません。Bybit ではこのアドレスにあります。',
    futureSpread: '先物スプレッド', futureSpreadBody: '先物スプレッドは現物ペアと先物を取引します。ローカル取引所は現物ペアのみのため実行されません。',
    leader: 'コピートレード リーダーセンター', leaderBody: 'リーダーはここでフォロワーを管理します。ローカル取引所にはコピートレードがありません。',
  },
};

const STYLE = `:root{color-scheme:dark}body{margin:0;background:#0b0e11;color:#eaecef;font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:480px;margin:48px auto;padding:0 20px}h1{font-size:24px;margin:0 0 8px}.note{color:#848e9c;font-size:13px}
label{display:block;margin:12px 0 4px;color:#b7bdc6}input,select{box-sizing:border-box;width:100%;background:#181a20;color:#eaecef;border:1px solid #2b3139;border-radius:8px;padding:10px;font:inherit}
button{margin-top:16px;width:100%;background:#f7a600;color:#181a20;border:0;border-radius:8px;padding:12px;font:inherit;font-weight:600;cursor:pointer}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#848e9c}dd{margin:0;text-align:end}.error{background:#3a1d22;color:#f6465d;border-radius:8px;padding:8px 12px}a{color:#f7a600}`;

function langOf(request: FastifyRequest): Lang {
  const accept = String(request.headers['accept-language'] ?? '').toLowerCase();
  if (accept.startsWith('zh')) return 'zh-CN';
  if (accept.startsWith('ja')) return 'ja';
  return 'en';
}

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(TEXT[lang].back ?? "")}</a></p></main></body></html>`;
}

const options = (selected: string) => CONVERT_COINS.map((c) => `<option value="${escapeHtml(c)}"${c === selected ? ' selected' : ''}>${escapeHtml(c)}</option>`).join('');

const OTC_PATHS = ['/user/assets/otc/convert', '/user/assets/otc/index'] as const;
const QUOTE_PATH = '/user/assets/otc/quote';
const CONFIRM_PATH = '/user/assets/otc/confirm';

export function installOtcPages(rc: RouteContext): void {
  const { db } = rc;
  const { convert } = rc.services;
  const app = rc.router;
  const userOr = (request: FastifyRequest, res: FastifyReply): number | undefined => {
    const id = sessionUserId(db, request.raw);
    if (id === undefined) redirect(res, `/login?redirect_url=${encodeURIComponent(request.url)}`);
    return id;
  };
  const form = (lang: Lang, userId: number, from: string, to: string, amount: string, error = '') => {
    const t = TEXT[lang];
    const bal = convert.coins(userId, 'eb_convert_uta').find((c) => c.coin === from)?.balance;
    return page(
      lang,
      t.convert!,
      `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<form method="post" action="${QUOTE_PATH}">
<label for="from">${escapeHtml(t.from!)}</label><select id="from" name="fromCoin">${options(from)}</select>
<label for="to">${escapeHtml(t.to!)}</label><select id="to" name="toCoin">${options(to)}</select>
<label for="amount">${escapeHtml(t.amount!)}</label><input id="amount" name="requestAmount" inputmode="decimal" autocomplete="off" required value="${escapeHtml(amount)}">
<p class="note">${escapeHtml(t.balance!)}: ${escapeHtml(String(bal ?? '0'))} ${escapeHtml(from)}</p>
<button type="submit">${escapeHtml(t.getQuote!)}</button></form><p class="note">${escapeHtml(t.local!)}</p>`,
    );
  };
  const coinOr = (v: unknown, fallback: string) => (typeof v === 'string' && CONVERT_COINS.includes(v) ? v : fallback);

  for (const path of OTC_PATHS) {
    app.get(path, { schema: { querystring: query({ fromCoin: text(16), toCoin: text(16), source: text(64) }) } }, (request, res) => {
      const userId = userOr(request, res);
      if (userId === undefined) return;
      const q = request.query as Record<string, string | undefined>;
      sendHtml(res, 200, form(langOf(request), userId, coinOr(q.fromCoin, 'USDT'), coinOr(q.toCoin, 'BTC'), ''));
    });
  }

  const post = (path: string, schema: ReturnType<typeof object>, fn: (lang: Lang, userId: number, body: Record<string, string>) => string) =>
    app.post(path, { bodyLimit: FORM_LIMIT, preValidation: formBody, schema: { body: schema } }, (request, res) => {
      if (!isSameOrigin(request.raw, { allowCustomHeader: false })) return sendHtml(res, 403, 'Cross-origin request refused.');
      const userId = userOr(request, res);
      if (userId === undefined) return;
      const body = request.body as Record<string, string>;
      const lang = langOf(request);
      try {
        sendHtml(res, 200, fn(lang, userId, body));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        sendHtml(res, 400, form(lang, userId, coinOr(body.fromCoin, 'USDT'), coinOr(body.toCoin, 'BTC'), body.requestAmount ?? '', err.message));
      }
    });

  post(QUOTE_PATH, object({ fromCoin: text(16), toCoin: text(16), requestAmount: text(40) }, ['fromCoin', 'toCoin', 'requestAmount']), (lang, userId, b) => {
    const t = TEXT[lang];
    const q = convert.quote(userId, { fromCoin: b.fromCoin, toCoin: b.toCoin, requestCoin: b.fromCoin, requestAmount: b.requestAmount ?? '', accountType: 'eb_convert_uta' });
    const until = new Date(Number(q.expiredTime)).toISOString().slice(11, 19);
    return page(
      lang,
      t.convert!,
      `<dl><dt>${escapeHtml(t.pay!)}</dt><dd>${escapeHtml(`${String(q.fromAmount)} ${String(q.fromCoin)}`)}</dd><dt>${escapeHtml(t.receive!)}</dt><dd data-testid="otc-receive">${escapeHtml(`${String(q.toAmount)} ${String(q.toCoin)}`)}</dd>
<dt>${escapeHtml(t.rate!)}</dt><dd>${escapeHtml(`1 ${String(q.fromCoin)} = ${String(q.exchangeRate)} ${String(q.toCoin)}`)}</dd></dl>
<p class="note">${escapeHtml(t.validUntil!)} <time>${until} UTC</time></p>
<form method="post" action="${CONFIRM_PATH}"><input type="hidden" name="quoteTxId" value="${escapeHtml(String(q.quoteTxId))}"><input type="hidden" name="fromCoin" value="${escapeHtml(b.fromCoin!)}"><input type="hidden" name="toCoin" value="${escapeHtml(b.toCoin!)}"><input type="hidden" name="requestAmount" value="${escapeHtml(b.requestAmount ?? '')}"><button type="submit">${escapeHtml(t.confirm!)}</button></form>`,
    );
  });

  post(CONFIRM_PATH, object({ quoteTxId: text(64), fromCoin: text(16), toCoin: text(16), requestAmount: text(40) }, ['quoteTxId']), (lang, userId, b) => {
    const t = TEXT[lang];
    convert.execute(userId, b.quoteTxId);
    const r = convert.status(userId, b.quoteTxId);
    return page(
      lang,
      t.done!,
      `<p role="status">${escapeHtml(`${String(r.fromAmount)} ${String(r.fromCoin)} → ${String(r.toAmount)} ${String(r.toCoin)}`)}</p><p><a href="${OTC_PATHS[0]}?fromCoin=${encodeURIComponent(String(r.fromCoin))}&toCoin=${encodeURIComponent(String(r.toCoin))}">${escapeHtml(t.again!)}</a></p>`,
    );
  });

  // The other Tools links (spec 2.17) land on a page saying what the tool is.
  const about = (path: string, title: string, body: string) =>
    app.get(path, (request, res) => {
      const t = TEXT[langOf(request)];
      sendHtml(res, 200, page(langOf(request), t[title]!, `<p>${escapeHtml(t[body]!)}</p>`));
    });
  about('/fiat/trade/invest/home', 'autoInvest', 'autoInvestBody');
  about('/liquid-marketplace/future-spread', 'futureSpread', 'futureSpreadBody');
  about('/copyTrade/trade-center/leader', 'leader', 'leaderBody');
}
