import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../app.ts';
import { BodyError } from '../http/router.ts';
import { SYMBOL_BY_NAME } from '../exchange/symbols.ts';
import { localeFromPath, safeRedirectPath } from '../auth/redirect.ts';
import { isSameOrigin } from '../auth/same-origin.ts';
import { clearedSessionCookie, createSession, destroySession, sessionCookie, sessionUserId } from '../auth/session.ts';
import type { Db } from './db.ts';
import { JsonBodyError, readForm, readJsonObject, redirect, sendHtml, sendPage } from './http-util.ts';
import { loginPage, registerPage } from './pages.ts';
import { getChartLayout, getFavourites, getPreferences, setChartLayout, setFavourites, upsertPreferences } from './page-state.ts';
import { getUser, listLoginUsers, RegisterError, registerUser, userInfo } from './users.ts';

const CODE_PARAM = 10001;
const CODE_NOT_LOGGED_IN = 10003;
const CODE_FORBIDDEN = 10005;

/** Logged-in page user, or undefined after answering 401. */
function requireUser(db: Db, req: IncomingMessage, res: ServerResponse, stateChanging: boolean): number | undefined {
  const userId = sessionUserId(db, req);
  if (userId === undefined) {
    sendPage(res, 401, CODE_NOT_LOGGED_IN, 'not logged in');
    return undefined;
  }
  if (stateChanging && !isSameOrigin(req)) {
    sendPage(res, 403, CODE_FORBIDDEN, 'cross-origin request refused');
    return undefined;
  }
  return userId;
}

/** Runs a JSON-body handler, turning malformed/oversized bodies into the page's error envelope. */
async function withJson(req: IncomingMessage, res: ServerResponse, fn: (body: Record<string, unknown>) => void): Promise<void> {
  let body: Record<string, unknown>;
  try {
    body = (await readJsonObject(req)).body;
  } catch (err) {
    if (err instanceof JsonBodyError) return sendPage(res, 400, CODE_PARAM, err.message);
    if (err instanceof BodyError) return sendPage(res, err.status, CODE_PARAM, err.message);
    throw err;
  }
  fn(body);
}

/** Login/register pages, logout, user info and the per-user page state endpoints. */
export function installAccountRoutes(ctx: AppContext, db: Db): void {
  const { router } = ctx;

  router.on('GET', '/login', (req, res, url) => {
    const target = safeRedirectPath(url.searchParams.get('redirect_url'));
    sendHtml(res, 200, loginPage(localeFromPath(target), listLoginUsers(db), target));
  });
  router.on('POST', '/login', async (req, res) => {
    // Forms cannot send custom headers, so login requires a matching Origin (login CSRF).
    if (!isSameOrigin(req, { allowCustomHeader: false })) return sendHtml(res, 403, 'Cross-origin login refused.');
    const form = await readForm(req);
    const target = safeRedirectPath(form.get('redirect_url'));
    const id = Number(form.get('user_id'));
    const user = Number.isSafeInteger(id) ? getUser(db, id) : undefined;
    if (!user || user.is_system === 1) {
      return sendHtml(res, 400, loginPage(localeFromPath(target), listLoginUsers(db), target, 'Unknown account.'));
    }
    const token = createSession(db, user.id);
    redirect(res, target, { 'set-cookie': sessionCookie(token) });
  });

  router.on('GET', '/register', (_req, res, url) => {
    const target = safeRedirectPath(url.searchParams.get('redirect_url'));
    sendHtml(res, 200, registerPage(localeFromPath(target), target));
  });
  router.on('POST', '/register', async (req, res) => {
    if (!isSameOrigin(req, { allowCustomHeader: false })) return sendHtml(res, 403, 'Cross-origin sign-up refused.');
    const form = await readForm(req);
    const target = safeRedirectPath(form.get('redirect_url'));
    const name = (form.get('name') ?? '').trim();
    const kind = form.get('account_type') === 'classic' ? 'classic' : 'uta';
    try {
      const user = registerUser(db, name, kind);
      const token = createSession(db, user.id);
      redirect(res, target, { 'set-cookie': sessionCookie(token) });
    } catch (err) {
      if (!(err instanceof RegisterError)) throw err;
      sendHtml(res, 400, registerPage(localeFromPath(target), target, err.message, name.slice(0, 32)));
    }
  });

  router.on('POST', '/api/logout', (req, res) => {
    if (!isSameOrigin(req)) return sendPage(res, 403, CODE_FORBIDDEN, 'cross-origin request refused');
    destroySession(db, req);
    sendPage(res, 200, 0, 'OK', {}, { 'set-cookie': clearedSessionCookie() });
  });

  router.on('GET', '/api/user/info', (req, res) => {
    const id = sessionUserId(db, req);
    sendPage(res, 200, 0, 'OK', userInfo(db, id === undefined ? undefined : getUser(db, id)));
  });

  router.on('GET', '/api/user/pref', (req, res) => {
    const userId = requireUser(db, req, res, false);
    if (userId !== undefined) sendPage(res, 200, 0, 'OK', { prefs: getPreferences(db, userId) });
  });
  router.on('POST', '/api/user/pref', async (req, res) => {
    const userId = requireUser(db, req, res, true);
    if (userId === undefined) return;
    await withJson(req, res, (body) => {
      const error = upsertPreferences(db, userId, body.upsert_keys);
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', { prefs: getPreferences(db, userId) });
    });
  });

  router.on('GET', '/api/account/get_kline_config', (req, res) => {
    const userId = requireUser(db, req, res, false);
    if (userId === undefined) return;
    const layout = getChartLayout(db, userId);
    sendPage(res, 200, 0, 'OK', { kline: layout ? JSON.stringify(layout) : '' });
  });
  router.on('POST', '/api/account/set_kline_config', async (req, res) => {
    const userId = requireUser(db, req, res, true);
    if (userId === undefined) return;
    if (getUser(db, userId)?.is_demo === 1) return sendPage(res, 403, CODE_FORBIDDEN, 'demo account does not support saving the chart layout');
    await withJson(req, res, (body) => {
      const error = setChartLayout(db, userId, body.kline);
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', {});
    });
  });

  router.on('GET', '/api/user/favourites', (req, res) => {
    const userId = requireUser(db, req, res, false);
    if (userId !== undefined) sendPage(res, 200, 0, 'OK', { list: getFavourites(db, userId) });
  });
  router.on('POST', '/api/user/favourites', async (req, res) => {
    const userId = requireUser(db, req, res, true);
    if (userId === undefined) return;
    await withJson(req, res, (body) => {
      const error = setFavourites(db, userId, body.list, (s) => SYMBOL_BY_NAME.has(s));
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', { list: getFavourites(db, userId) });
    });
  });
}
