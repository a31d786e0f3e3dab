import type { PageLocale } from '../auth/redirect.ts';
import type { UserRow } from './users.ts';

/** Server-rendered login/register pages. Every dynamic value goes through escapeHtml; no script. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`=/]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const TEXT: Record<PageLocale, Record<string, string>> = {
  en: {
    login: 'Log in', register: 'Sign up', pick: 'Choose a local account', create: 'Create account', name: 'Name',
    type: 'Account type', uta: 'Unified trading account', classic: 'Classic account', demo: 'Demo trading account', noAccount: 'No account yet?',
    haveAccount: 'Already have an account?', registered: 'An account you registered', enter: 'Log in', local: 'Local exchange — test accounts only, no password.',
    tooManyHere: 'Too many sign-ups from your network. Try again in {minutes} min.',
    tooManyAll: 'Sign-ups are paused: too many new accounts were opened recently. Try again in {minutes} min.',
  },
  'zh-CN': {
    login: '登录', register: '注册', pick: '选择一个本地账户', create: '创建账户', name: '名称',
    type: '账户类型', uta: '统一交易账户', classic: '经典账户', demo: '模拟交易账户', noAccount: '还没有账户？',
    haveAccount: '已有账户？', registered: '您注册的账户', enter: '登录', local: '本地交易所 — 仅测试账户，无需密码。',
    tooManyHere: '您所在网络的注册次数过多，请在 {minutes} 分钟后重试。',
    tooManyAll: '近期新开账户过多，注册已暂停，请在 {minutes} 分钟后重试。',
  },
  ja: {
    login: 'ログイン', register: '新規登録', pick: 'ローカルアカウントを選択', create: 'アカウント作成', name: '名前',
    type: '口座タイプ', uta: 'ユニファイド取引口座', classic: 'クラシック口座', demo: 'デモ取引口座', noAccount: 'アカウントをお持ちでない方',
    haveAccount: 'アカウントをお持ちの方', registered: '登録したアカウント', enter: 'ログイン', local: 'ローカル取引所 — テスト用アカウントのみ、パスワード不要。',
    tooManyHere: 'お使いのネットワークからの登録が多すぎます。{minutes} 分後にもう一度お試しください。',
    tooManyAll: '最近の新規口座開設が多いため、登録を一時停止しています。{minutes} 分後にもう一度お試しください。',
  },
};

const ROLE_LABEL: Record<string, string> = {
  uta: 'Unified (UTA)', classic: 'Classic', demo: 'Demo trading', sub: 'Sub-account', copy_leader: 'Copy-trading leader',
  eaa: 'EAA', registered: 'Registered',
};

const STYLE = `
:root{color-scheme:dark}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0b0e11;color:#eaecef;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(420px,92vw);background:#181a20;border:1px solid #2b3139;border-radius:12px;padding:28px}
h1{margin:0 0 4px;font-size:22px}
p.note{margin:0 0 20px;color:#848e9c;font-size:12px}
ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
button{width:100%;display:flex;justify-content:space-between;align-items:center;gap:12px;background:#2b3139;color:#eaecef;border:1px solid transparent;border-radius:8px;padding:12px 14px;font:inherit;cursor:pointer;text-align:left}
button:hover,button:focus-visible{border-color:#f7a600;outline:none}
button.primary{justify-content:center;background:#f7a600;color:#181a20;font-weight:600;margin-top:16px}
.role{color:#848e9c;font-size:12px}
label{display:block;margin:12px 0 4px;color:#b7bdc6}
input,select{box-sizing:border-box;width:100%;background:#0b0e11;color:#eaecef;border:1px solid #2b3139;border-radius:8px;padding:10px;font:inherit}
.error{background:#3a1d22;color:#f6465d;border-radius:8px;padding:8px 12px;margin-bottom:12px}
.alt{margin-top:20px;color:#848e9c}
a{color:#f7a600}
`;

function layout(locale: PageLocale, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function hiddenRedirect(redirect: string): string {
  return `<input type="hidden" name="redirect_url" value="${escapeHtml(redirect)}">`;
}

export function loginPage(locale: PageLocale, users: readonly UserRow[], redirect: string, error?: string): string {
  const t = TEXT[locale];
  const items = users
    .map(
      (u) =>
        `<li><button type="submit" name="user_id" value="${escapeHtml(String(u.id))}"><span>${escapeHtml(u.name)}</span><span class="role">${escapeHtml(ROLE_LABEL[u.role] ?? u.role)} · ${escapeHtml(String(u.id))}</span></button></li>`,
    )
    .join('');
  const registerHref = `/register?redirect_url=${encodeURIComponent(redirect)}`;
  return layout(
    locale,
    t.login!,
    `<h1>${escapeHtml(t.login!)}</h1><p class="note">${escapeHtml(t.local!)}</p>${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}` +
      `<form method="post" action="/login" aria-label="${escapeHtml(t.pick!)}">${hiddenRedirect(redirect)}<ul>${items}</ul></form>` +
      // Registered accounts are not listed (anyone can read this page); their owner types the name.
      `<form method="post" action="/login">${hiddenRedirect(redirect)}<label for="login-name">${escapeHtml(t.registered!)}</label>` +
      `<input id="login-name" name="name" required minlength="3" maxlength="32" pattern="[A-Za-z0-9_\\-]{3,32}" autocomplete="username">` +
      `<button class="primary" type="submit">${escapeHtml(t.enter!)}</button></form>` +
      `<p class="alt">${escapeHtml(t.noAccount!)} <a href="${escapeHtml(registerHref)}">${escapeHtml(t.register!)}</a></p>`,
  );
}

/** Why a sign-up was refused for now: this address's sign-ups, or everyone's, are over their limit. */
export function signUpLimitText(locale: PageLocale, why: 'here' | 'all', minutes: number): string {
  return TEXT[locale][why === 'here' ? 'tooManyHere' : 'tooManyAll']!.replace('{minutes}', String(minutes));
}

export function registerPage(locale: PageLocale, redirect: string, error?: string, name = ''): string {
  const t = TEXT[locale];
  const loginHref = `/login?redirect_url=${encodeURIComponent(redirect)}`;
  return layout(
    locale,
    t.register!,
    `<h1>${escapeHtml(t.register!)}</h1><p class="note">${escapeHtml(t.local!)}</p>${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}` +
      `<form method="post" action="/register">${hiddenRedirect(redirect)}` +
      `<label for="name">${escapeHtml(t.name!)}</label><input id="name" name="name" required minlength="3" maxlength="32" pattern="[A-Za-z0-9_\\-]{3,32}" value="${escapeHtml(name)}" autocomplete="username">` +
      `<label for="account_type">${escapeHtml(t.type!)}</label><select id="account_type" name="account_type"><option value="uta">${escapeHtml(t.uta!)}</option><option value="classic">${escapeHtml(t.classic!)}</option><option value="demo">${escapeHtml(t.demo!)}</option></select>` +
      `<button class="primary" type="submit">${escapeHtml(t.create!)}</button></form>` +
      `<p class="alt">${escapeHtml(t.haveAccount!)} <a href="${escapeHtml(loginHref)}">${escapeHtml(t.login!)}</a></p>`,
  );
}
