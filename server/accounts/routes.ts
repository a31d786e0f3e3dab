import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app.ts';
import { ApiError } from '../auth/errors.ts';
import { formBody, jsonBody, plainInt } from '../http/request.ts';
import { object, query, text } from '../http/schemas.ts';
import { SYMBOL_BY_NAME } from '../exchange/symbols.ts';
import { localeFromPath, safeRedirectPath } from '../auth/redirect.ts';
import { isSameOrigin } from '../auth/same-origin.ts';
import { clearedSessionCookie, createSession, destroySession, sessionCookie, sessionUserId } from '../auth/session.ts';
import type { Db } from './db.ts';
import { BODY_LIMIT, FORM_LIMIT, redirect, sendHtml, sendPage } from './http-util.ts';
import { loginPage, registerPage, signUpLimitText } from './pages.ts';
import { getChartLayout, getFavourites, getPreferences, getWorkspaces, isOtcGuided, MAX_WORKSPACES_BYTES, setChartLayout, setFavourites, setOtcGuided, setWorkspaces, upsertPreferences } from './page-state.ts';
import { getUser, getUserByName, isLoginUser, listLoginUsers, RegisterError, registerUser, USER_NAME_RE, userInfo } from './users.ts';

const CODE_PARAM = 10001;
const CODE_NOT_LOGGED_IN = 10003;
const CODE_FORBIDDEN = 10005;

const PAGE = { api: 'page' } as const;
// redirect_url is any text: safeRedirectPath turns whatever is not a same-origin path (too long included) into '/'.
const REDIRECT_URL = { type: 'string' };
const REDIRECT_QUERY = query({ redirect_url: REDIRECT_URL });
const FORM = object({ redirect_url: REDIRECT_URL, user_id: text(32), name: text(256), account_type: text(32) });

/** Login/register pages, logout, user info and the per-user page state endpoints. */
export function installAccountRoutes(ctx: AppContext, db: Db): void {
  const app = ctx.router;

  /**
   * preValidation hook: the logged-in page user (401 otherwise), and for state-changing calls the
   * same-origin check (403), both before the body is even parsed, as before a body is validated.
   */
  const requireUser =
    (stateChanging: boolean, refuseDemo?: string) =>
    async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      const userId = sessionUserId(db, request.raw);
      if (userId === undefined) throw new ApiError(CODE_NOT_LOGGED_IN, 'not logged in', 401);
      if (stateChanging && !isSameOrigin(request.raw)) throw new ApiError(CODE_FORBIDDEN, 'cross-origin request refused', 403);
      if (refuseDemo && getUser(db, userId)?.is_demo === 1) throw new ApiError(CODE_FORBIDDEN, refuseDemo, 403);
      request.userId = userId;
    };
  const json = jsonBody('page');
  const userOf = (request: FastifyRequest): number => request.userId!;

  app.get('/login', { schema: { querystring: REDIRECT_QUERY } }, (request, res) => {
    const target = safeRedirectPath((request.query as { redirect_url?: string }).redirect_url);
    sendHtml(res, 200, loginPage(localeFromPath(target), listLoginUsers(db), target));
  });
  app.post('/login', { bodyLimit: FORM_LIMIT, preValidation: formBody, schema: { body: FORM } }, (request, res) => {
    // Forms cannot send custom headers, so login requires a matching Origin (login CSRF).
    if (!isSameOrigin(request.raw, { allowCustomHeader: false })) return sendHtml(res, 403, 'Cross-origin login refused.');
    const form = request.body as Record<string, string>;
    const target = safeRedirectPath(form.redirect_url);
    // A seeded test account by its button, or an account the visitor registered by its name.
    const id = plainInt(form.user_id);
    const named = typeof form.name === 'string' && USER_NAME_RE.test(form.name.trim()) ? getUserByName(db, form.name.trim()) : undefined;
    const user = named && named.is_system === 0 ? named : id !== undefined ? getUser(db, id) : undefined;
    if (!user || (user !== named && !isLoginUser(user))) {
      return sendHtml(res, 400, loginPage(localeFromPath(target), listLoginUsers(db), target, 'Unknown account.'));
    }
    const token = createSession(db, user.id);
    return redirect(res, target, { 'set-cookie': sessionCookie(token) });
  });

  app.get('/register', { schema: { querystring: REDIRECT_QUERY } }, (request, res) => {
    const target = safeRedirectPath((request.query as { redirect_url?: string }).redirect_url);
    sendHtml(res, 200, registerPage(localeFromPath(target), target));
  });
  // Sign-ups per client address, then from everyone together (server/http/limit-names.ts): the
  // address's budget first, so one address past its own cannot use up everyone's.
  const signUpsHere = ctx.limits.budget('register', (request) => request.ip);
  const signUpsAll = ctx.limits.budget('register-total', () => 'all');
  app.post('/register', { bodyLimit: FORM_LIMIT, preValidation: formBody, schema: { body: FORM } }, async (request, res) => {
    if (!isSameOrigin(request.raw, { allowCustomHeader: false })) return sendHtml(res, 403, 'Cross-origin sign-up refused.');
    const form = request.body as Record<string, string>;
    const target = safeRedirectPath(form.redirect_url);
    const name = (form.name ?? '').trim();
    const kind = form.account_type === 'classic' ? 'classic' : form.account_type === 'demo' ? 'demo' : 'uta';
    const locale = localeFromPath(target);
    // A name the form would refuse anyway costs no budget.
    if (USER_NAME_RE.test(name)) {
      const here = await signUpsHere(request);
      const all = here.allowed ? await signUpsAll(request) : undefined;
      const refused = !here.allowed ? { why: 'here' as const, v: here } : all && !all.allowed ? { why: 'all' as const, v: all } : undefined;
      if (refused) {
        const minutes = Math.max(1, Math.ceil(refused.v.retryAfterMs / 60_000));
        return sendHtml(res, 429, registerPage(locale, target, signUpLimitText(locale, refused.why, minutes), name.slice(0, 32)), { 'retry-after': String(minutes * 60) });
      }
    }
    try {
      const user = registerUser(db, name, kind);
      const token = createSession(db, user.id);
      return redirect(res, target, { 'set-cookie': sessionCookie(token) });
    } catch (err) {
      if (!(err instanceof RegisterError)) throw err;
      return sendHtml(res, 400, registerPage(locale, target, err.message, name.slice(0, 32)));
    }
  });

  app.post('/api/logout', { config: PAGE }, (request, res) => {
    if (!isSameOrigin(request.raw)) return sendPage(res, 403, CODE_FORBIDDEN, 'cross-origin request refused');
    destroySession(db, request.raw);
    sendPage(res, 200, 0, 'OK', {}, { 'set-cookie': clearedSessionCookie() });
  });

  app.get('/api/user/info', { config: PAGE }, (request, res) => {
    const id = sessionUserId(db, request.raw);
    sendPage(res, 200, 0, 'OK', userInfo(db, id === undefined ? undefined : getUser(db, id)));
  });

  app.get('/api/user/pref', { config: PAGE, preValidation: requireUser(false) }, (request, res) => {
    sendPage(res, 200, 0, 'OK', { prefs: getPreferences(db, userOf(request)) });
  });
  app.post(
    '/api/user/pref',
    { config: PAGE, bodyLimit: BODY_LIMIT, preValidation: [requireUser(true), json], schema: { body: object({ upsert_keys: { type: 'object', description: 'an object' } }) } },
    (request, res) => {
      const userId = userOf(request);
      const error = upsertPreferences(db, userId, (request.body as Record<string, unknown>).upsert_keys);
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', { prefs: getPreferences(db, userId) });
    },
  );

  // Spec 7.5 "check whether OTC is guided" (result.guided), and the record the guide's end makes.
  app.get('/api/otc/guided', { config: PAGE, preValidation: requireUser(false) }, (request, res) => {
    sendPage(res, 200, 0, 'OK', { guided: isOtcGuided(db, userOf(request)) });
  });
  app.post('/api/otc/guided', { config: PAGE, preValidation: requireUser(true) }, (request, res) => {
    setOtcGuided(db, userOf(request));
    sendPage(res, 200, 0, 'OK', { guided: true });
  });

  app.get('/spot/api/account/get_kline_config', { config: PAGE, preValidation: requireUser(false) }, (request, res) => {
    const layout = getChartLayout(db, userOf(request));
    sendPage(res, 200, 0, 'OK', { kline: layout ? JSON.stringify(layout) : '' });
  });
  app.post(
    '/spot/api/account/set_kline_config',
    {
      config: PAGE,
      bodyLimit: BODY_LIMIT,
      preValidation: [requireUser(true, 'demo account does not support saving the chart layout'), json],
      schema: { body: object({ kline: { type: 'string', description: 'a JSON string' } }) },
    },
    (request, res) => {
      const error = setChartLayout(db, userOf(request), (request.body as Record<string, unknown>).kline);
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', {});
    },
  );

  // Issue 36 item 3: the page's workspaces (panel places, hidden panels, named layouts) on the account.
  app.get('/api/user/workspaces', { config: PAGE, preValidation: requireUser(false) }, (request, res) => {
    sendPage(res, 200, 0, 'OK', { workspaces: getWorkspaces(db, userOf(request)) });
  });
  app.post(
    '/api/user/workspaces',
    {
      config: PAGE,
      bodyLimit: MAX_WORKSPACES_BYTES + 1024,
      preValidation: [requireUser(true, 'demo account does not support saving layouts'), json],
      schema: { body: object({ workspaces: { type: 'object', description: 'an object' } }) },
    },
    (request, res) => {
      const error = setWorkspaces(db, userOf(request), (request.body as Record<string, unknown>).workspaces);
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', {});
    },
  );

  // Spec 6 / 7.1: the user's time zone, fetched at login with the open prices of that zone's day.
  // Kept as the `timeZone` preference (set through /api/user/pref); UTC until set (spec 9 default).
  app.get('/spot/api/account/time_zone', { config: PAGE, preValidation: requireUser(false) }, (request, res) => {
    const zone = getPreferences(db, userOf(request)).timeZone;
    sendPage(res, 200, 0, 'OK', { timeZone: zone && /^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) ? zone : 'UTC' });
  });

  app.get('/api/user/favourites', { config: PAGE, preValidation: requireUser(false) }, (request, res) => {
    sendPage(res, 200, 0, 'OK', { list: getFavourites(db, userOf(request)) });
  });
  app.post(
    '/api/user/favourites',
    { config: PAGE, bodyLimit: BODY_LIMIT, preValidation: [requireUser(true), json], schema: { body: object({ list: { type: 'array', description: 'an array' } }) } },
    (request, res) => {
      const userId = userOf(request);
      const error = setFavourites(db, userId, (request.body as Record<string, unknown>).list, (s) => SYMBOL_BY_NAME.has(s));
      if (error) return sendPage(res, 400, CODE_PARAM, error);
      sendPage(res, 200, 0, 'OK', { list: getFavourites(db, userId) });
    },
  );
}
