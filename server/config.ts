import { parseDuration, parseLimits, type Limit, type LimitName } from './http/limit-names.ts';
import { DEFAULT_ROUTES, parseRoutes, type RouteSpec } from './net/route-spec.ts';

/** Command-line and environment settings of the local exchange. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder holding the SQLite database; created when missing. */
  dataDir: string;
  /** Folder of the built page (vite build output). */
  webDir: string;
  /** Order-flow rate multiplier of the market simulator (1 = a busy real market). */
  rate: number;
  /** Stress preset: at least 2,000 order-book messages/s and 500 trades/s in total. */
  stress: boolean;
  /** Fault controls for tests (/faults/*), off unless asked for. */
  faults: boolean;
  /** Print nothing but the URL line and errors. */
  quiet: boolean;
  /**
   * The market-data stream the page should use (`--feed`, EXCHANGE_FEED_URL): a ws:// or wss:// URL.
   * The served index.html carries it as `<meta name="exchange-feed">` and the CSP's connect-src
   * allows its origin. Unset: the page uses this server's own /v5/public/spot.
   */
  feed?: string | undefined;
  /** Development serving (`--dev`): source maps (*.map) are served; otherwise they answer 404. */
  dev?: boolean | undefined;
  /**
   * Editorial content of a new database (`--news`): 'seed' (default) writes the starter notices
   * and announcements; 'none' starts without (the e2e exchange: tests add their own).
   */
  news?: 'seed' | 'none' | undefined;
  /** The extra route origins (`--routes`, EXCHANGE_ROUTES; server/net/route-spec.ts); started by main.ts. */
  routes?: RouteSpec[] | undefined;
  /** The ports of the started route origins, which the page's CSP lets it connect to. */
  routePorts?: number[] | undefined;
  /** The abuse budgets changed from their defaults (`--limits`, EXCHANGE_LIMITS; server/http/limit-names.ts). */
  limits?: Partial<Record<LimitName, Limit>> | undefined;
  /** Record the markets to this file (`--record FILE`; server/exchange/replay/format.ts). */
  record?: string | undefined;
  /** Serve this recording instead of the simulator (`--replay FILE`); main.ts reads it. */
  replay?: string | undefined;
  /** The replay's starting speed (`--speed N`, 1 to 100). */
  replaySpeed?: number | undefined;
  /** How long quality uploads are kept (`--quality-retention`, default 7 days). */
  qualityRetentionMs?: number | undefined;
  /** Most quality rows kept per device and table, the oldest dropped first (`--quality-rows`, default 5,000). */
  qualityRowsPerDevice?: number | undefined;
}

/** Checks an operator-given feed URL: ws:// or wss://, a host, no credentials. Returns it normalised. */
export function parseFeedUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new Error(`bad --feed (EXCHANGE_FEED_URL): not a URL: ${JSON.stringify(raw)}; give a ws:// or wss:// URL such as wss://stream.bybit.com/v5/public/spot`);
  }
  if (u.protocol !== 'ws:' && u.protocol !== 'wss:') {
    throw new Error(`bad --feed (EXCHANGE_FEED_URL): must be a ws:// or wss:// URL, got ${JSON.stringify(raw)}`);
  }
  if (u.hostname === '') throw new Error(`bad --feed (EXCHANGE_FEED_URL): no host in ${JSON.stringify(raw)}`);
  if (u.username !== '' || u.password !== '') throw new Error('bad --feed (EXCHANGE_FEED_URL): the URL must not carry credentials (the page would show them)');
  return u.href;
}

function numberOr(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** Reads argv flags (`--port 8787`, `--faults`) over environment variables over defaults. */
export function parseConfig(argv: readonly string[], env: NodeJS.ProcessEnv): ServerConfig {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    } else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags.set(arg.slice(2), next);
        i++;
      } else {
        flags.set(arg.slice(2), 'true');
      }
    }
  }
  const known = new Set(['host', 'port', 'data', 'web', 'rate', 'stress', 'faults', 'quiet', 'feed', 'dev', 'news', 'routes', 'limits', 'quality-retention', 'quality-rows', 'record', 'replay', 'speed']);
  for (const key of flags.keys()) if (!known.has(key)) throw new Error(`unknown option: --${key}`);
  const port = numberOr(flags.get('port') ?? env.PORT, 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port: ${port}`);
  const rate = numberOr(flags.get('rate') ?? env.EXCHANGE_RATE, 1);
  if (!(rate >= 0 && rate <= 1000)) throw new Error(`bad rate: ${rate} (0 to 1000)`);
  const truthy = (v: string | undefined) => v === 'true' || v === '1';
  const feedRaw = flags.get('feed') ?? env.EXCHANGE_FEED_URL;
  if (feedRaw === 'true') throw new Error('--feed needs a URL: --feed wss://host/v5/public/spot');
  const news = flags.get('news') ?? env.EXCHANGE_NEWS ?? 'seed';
  if (news !== 'seed' && news !== 'none') throw new Error(`bad --news: ${news} (seed or none)`);
  const feed = feedRaw === undefined || feedRaw.trim() === '' ? undefined : parseFeedUrl(feedRaw);
  const retention = flags.get('quality-retention') ?? env.EXCHANGE_QUALITY_RETENTION;
  const rows = flags.get('quality-rows') ?? env.EXCHANGE_QUALITY_ROWS;
  if (rows !== undefined && !/^\d{1,9}$/.test(rows)) throw new Error(`bad --quality-rows: ${rows} (a whole number)`);
  const record = flags.get('record');
  const replay = flags.get('replay');
  const speedRaw = flags.get('speed');
  if (record === 'true') throw new Error('--record needs a file: --record markets.rec.gz');
  if (replay === 'true') throw new Error('--replay needs a file: --replay server/replays/volatile-hour.rec.gz');
  if (record !== undefined && replay !== undefined) throw new Error('--record and --replay cannot be used together');
  if (speedRaw !== undefined && replay === undefined) throw new Error('--speed goes with --replay FILE');
  const replaySpeed = speedRaw === undefined ? undefined : Number(speedRaw);
  if (replaySpeed !== undefined && !(/^\d+(\.\d+)?$/.test(speedRaw!) && replaySpeed >= 1 && replaySpeed <= 100)) throw new Error(`bad --speed: ${speedRaw} (1 to 100)`);
  const stress = truthy(flags.get('stress') ?? env.EXCHANGE_STRESS);
  if (replay !== undefined && stress) throw new Error('--replay serves a recording; --stress does not apply');
  return {
    record,
    replay,
    replaySpeed,
    host: flags.get('host') ?? env.HOST ?? '127.0.0.1',
    port,
    dataDir: flags.get('data') ?? env.EXCHANGE_DATA ?? 'data',
    webDir: flags.get('web') ?? env.EXCHANGE_WEB ?? 'dist',
    rate,
    stress,
    faults: truthy(flags.get('faults') ?? env.EXCHANGE_FAULTS),
    quiet: truthy(flags.get('quiet')),
    feed,
    dev: truthy(flags.get('dev')),
    news,
    routes: parseRoutes(flags.get('routes') ?? env.EXCHANGE_ROUTES ?? DEFAULT_ROUTES),
    limits: parseLimits(flags.get('limits') ?? env.EXCHANGE_LIMITS ?? ''),
    qualityRetentionMs: retention === undefined ? undefined : parseDuration(retention, '--quality-retention'),
    qualityRowsPerDevice: rows === undefined ? undefined : Number(rows),
  };
}
