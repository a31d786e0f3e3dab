import type { AppContext } from '../app.ts';
import type { Db } from '../accounts/db.ts';
import { faultRoute } from '../http/fault-api.ts';
import { faultScopeOf } from '../exchange/faults/scope.ts';
import { fail, ok, PARAM_ERROR } from '../exchange/rest/envelope.ts';
import { sendTo, type Client } from '../exchange/ws/client.ts';
import type { ExtraTopic, PublicWs } from '../exchange/ws/public-ws.ts';
import { plainInt } from '../http/request.ts';
import { digits, query, text } from '../http/schemas.ts';
import { encodeNoticePush, encodeNoticeValue, NOTICE_TOPIC, MAX_NOTICES } from '../../src/protocol/notices.ts';
import { sendHtml } from '../http/reply.ts';
import { articlePage } from './article-page.ts';
import { seedNews } from './seed.ts';
import { ANNOUNCEMENT_TYPES, NewsStore } from './store.ts';
import { ANNOUNCEMENTS_PATH, encodeAnnouncement, isArticleUrl } from '../../src/protocol/announcements.ts';

/** The notice bar's topic: each subscriber gets its scope's notices on subscribe and on every change. */
class NoticeTopic implements ExtraTopic {
  readonly name = NOTICE_TOPIC;
  private readonly subscribers = new Set<Client>();

  constructor(private readonly store: NewsStore) {
    store.onNoticesChanged(() => {
      for (const c of this.subscribers) this.push(c);
    });
  }

  add(client: Client): void {
    this.subscribers.add(client);
    this.push(client);
  }

  remove(client: Client): void {
    this.subscribers.delete(client);
  }

  private push(client: Client): void {
    const list = this.store
      .notices(client.scope)
      .slice(-MAX_NOTICES)
      .map((n) => ({ id: n.id, locale: n.locale, value: encodeNoticeValue(n.symbolName, n.info, n.url) }));
    sendTo(client, Buffer.from(encodeNoticePush(list, Date.now())));
  }
}

const LOCALE = text(16);

/**
 * Editorial content (issue 19 items 1 and 2): the notice bar's notices on the public stream and
 * Bybit's GET /v5/announcements/index, from SQLite, seeded unless `--news none`; with --faults,
 * /faults/notice and /faults/announcement add content (for one fault scope when given one).
 */
export function installNews(ctx: AppContext, db: Db, publicWs: PublicWs | undefined): NewsStore {
  const store = new NewsStore(db);
  if (store.isEmpty() && ctx.config.news !== 'none') seedNews(store);
  publicWs?.addTopic(new NoticeTopic(store));

  const schema = { querystring: query({ locale: LOCALE, type: text(32), tag: text(64), page: digits(6), limit: digits(4) }) };
  ctx.router.get(ANNOUNCEMENTS_PATH, { schema, config: { ipLimit: true } }, (request, res) => {
    const q = request.query as Record<string, string | undefined>;
    if (!q.locale) return fail(res, PARAM_ERROR, 'params error: locale is required');
    const page = q.page ? plainInt(q.page) : 1;
    const limit = q.limit ? plainInt(q.limit) : 20;
    if (page === undefined || limit === undefined || page < 1 || limit < 1 || limit > 100) return fail(res, PARAM_ERROR, 'params error: page from 1, limit from 1 to 100');
    const { total, list } = store.announcements({ locale: q.locale, type: q.type, tag: q.tag, page, limit, scope: faultScopeOf(request.headers.cookie) });
    const origin = originOf(request.protocol, request.headers.host, ctx.config);
    ok(res, { total, list: list.map((a) => encodeAnnouncement(a, origin)) });
  });

  // The articles announcements and notices link to (paths on this origin).
  ctx.router.get('/announcements/:slug', { config: { ipLimit: true } }, (request, res) => {
    const slug = (request.params as { slug: string }).slug;
    const a = /^[a-z0-9-]{1,80}$/.test(slug) ? store.announcementAt(`/announcements/${slug}`, faultScopeOf(request.headers.cookie)) : undefined;
    sendHtml(res, a ? 200 : 404, articlePage(a));
  });

  if (ctx.config.faults) {
    const scopeOf = (b: Record<string, unknown>) => (typeof b.scope === 'string' ? b.scope : '');
    faultRoute(
      ctx,
      'notice',
      (b) => ({
        id: store.addNotice({
          locale: typeof b.locale === 'string' ? b.locale : 'en-US',
          symbolName: typeof b.symbolName === 'string' ? b.symbolName : 'ALL',
          info: b.info as string,
          url: typeof b.url === 'string' ? b.url : '',
          audience: scopeOf(b),
        }),
      }),
    );
    faultRoute(ctx, 'notice-clear', (b) => ({ removed: store.clearNotices(scopeOf(b)) }));
    faultRoute(
      ctx,
      'announcement',
      (b) => {
        const typeKey = typeof b.type === 'string' && b.type in ANNOUNCEMENT_TYPES ? b.type : 'latest_bybit_news';
        const at = Date.now() - (typeof b.ageMs === 'number' ? b.ageMs : 0);
        // Bybit's url is an http(s) article: a path here (served at /announcements/<slug>) or an http(s) URL.
        const url = typeof b.url === 'string' && b.url !== '' ? b.url : `/announcements/${slugOf(b.title as string, at)}`;
        if (!/^\/announcements\/[a-z0-9-]{1,80}$/.test(url) && !isArticleUrl(url)) throw new Error('url must be /announcements/<slug> or an http(s) URL');
        return {
          id: store.addAnnouncement({
            locale: typeof b.locale === 'string' ? b.locale : 'en-US',
            title: b.title as string,
            description: typeof b.description === 'string' ? b.description : '',
            typeKey,
            typeTitle: ANNOUNCEMENT_TYPES[typeKey]!,
            tags: Array.isArray(b.tags) ? (b.tags as string[]) : ['Spot'],
            url,
            dateTimestamp: at,
            startDateTimestamp: 0,
            endDateTimestamp: 0,
            publishTime: at,
            audience: scopeOf(b),
          }),
        };
      },
    );
    faultRoute(ctx, 'announcement-clear', (b) => ({ removed: store.clearAnnouncements(scopeOf(b)) }));
  }
  return store;
}

/** A slug for an announcement added without a url: its title's words, else its time. */
function slugOf(title: string, at: number): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return slug || `announcement-${at}`;
}

const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin an announcement's article is on, as the request reached this exchange (route edges
 * forward with the page's hostname and the main port); a Host that is not a host name gives the
 * configured address.
 */
function originOf(protocol: string, host: string | undefined, config: { host: string; port: number }): string {
  const scheme = protocol === 'https' ? 'https' : 'http';
  if (host && HOST_RE.test(host)) return `${scheme}://${host}`;
  return `${scheme}://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
}
