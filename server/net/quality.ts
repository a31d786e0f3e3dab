import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app.ts';
import type { Db } from '../accounts/db.ts';
import { ApiError } from '../auth/errors.ts';
import { isSameOrigin } from '../auth/same-origin.ts';
import { faultRoute } from '../http/fault-api.ts';
import type { BudgetVerdict } from '../http/rate-limits.ts';
import { sendHtml, sendJson, pageBody } from '../http/reply.ts';
import { jsonBody } from '../http/request.ts';
import { object, text } from '../http/schemas.ts';
import { DEVICE_ID_PATTERN, MONITOR_EVENTS, QUALITY_PATH, QUALITY_REPORT_PATH, type MonitorEvent, type QualitySecond, type SocketProblem } from '../../src/protocol/net-accel.ts';

/** How long uploads are kept unless the operator says otherwise (--quality-retention). */
export const QUALITY_RETENTION_MS = 7 * 86_400_000;
/** Most rows kept per device in each of the collector's tables (--quality-rows); the oldest go first. */
export const QUALITY_ROWS_PER_DEVICE = 5000;
/** The collector's tables, each with its device and upload time. */
const TABLES = ['net_quality', 'net_socket', 'net_stay', 'net_event'] as const;

/** A page open for a month at most (stay and total are since load). */
const DURATION = { type: 'integer', minimum: 0, maximum: 31 * 86_400_000 };
const COUNT = { type: 'integer', minimum: 0, maximum: 1_000_000 };
const SECOND = object(
  { kind: text(16), second: { type: 'integer', minimum: 0, maximum: 10_000_000_000 }, send: COUNT, recv: COUNT, timeout: COUNT, error: COUNT, cost: { type: 'integer', minimum: 0, maximum: 1_000_000_000 }, bad: COUNT },
  ['kind', 'second', 'send', 'recv', 'timeout', 'error', 'cost', 'bad'],
);
const SOCKET = object(
  { stream: { type: 'string', enum: ['public', 'private'] }, kind: { type: 'string', enum: ['openFailures', 'pingTimeouts', 'reconnects'] }, count: COUNT, lastCode: { type: 'integer', minimum: 0, maximum: 4999 } },
  ['stream', 'kind', 'count', 'lastCode'],
);
const EVENT = object(
  { type: { type: 'string', enum: [...MONITOR_EVENTS] }, at: { type: 'integer', minimum: 0, maximum: 10_000_000_000_000 }, detail: text(200) },
  ['type', 'at', 'detail'],
);
const UPLOAD = object(
  { deviceId: { type: 'string', pattern: DEVICE_ID_PATTERN, description: "the page's device id (8 to 40 of a-z and 0-9)" }, seconds: { type: 'array', items: SECOND, maxItems: 600 }, sockets: { type: 'array', items: SOCKET, maxItems: 20 }, events: { type: 'array', items: EVENT, maxItems: 100 }, stayMs: DURATION, totalMs: DURATION, curMs: DURATION, endTime: { type: 'integer', minimum: 0, maximum: 10_000_000_000_000 } },
  ['deviceId'],
);

type Totals = Omit<QualitySecond, 'kind' | 'second'>;

type Upload = { deviceId: string; events?: MonitorEvent[]; seconds?: QualitySecond[]; sockets?: SocketProblem[]; stayMs?: number; totalMs?: number; curMs?: number; endTime?: number };

/** A 429 in the page envelope, saying when to come back. */
function tooMany(reply: FastifyReply, v: BudgetVerdict, what: string): FastifyReply {
  const wait = Math.max(1, Math.ceil(v.retryAfterMs / 1000));
  return sendJson(reply, 429, pageBody(10006, `Too many visits! at most ${v.limit.max} quality uploads per ${v.limit.windowMs / 1000} s ${what}; retry in ${wait} s`), { 'retry-after': String(wait) });
}

/**
 * The quality collector (spec 3, 7.6): the page's 10 s and 30 s uploads go into SQLite; a small
 * report page plots one device's latency and errors per second and link kind (inline SVG).
 * Bounded (issue 30): an upload must come from the page (same origin, as every page API write)
 * under a device id of the page's form; each address and each device has an upload budget
 * ('quality-ip', 'quality'); a device keeps at most `qualityRowsPerDevice` rows per table (its
 * oldest dropped) and rows older than `qualityRetentionMs` are deleted.
 */
export function installQuality(ctx: AppContext, db: () => Db | null): void {
  const retentionMs = ctx.config.qualityRetentionMs ?? QUALITY_RETENTION_MS;
  const rowsPerDevice = ctx.config.qualityRowsPerDevice ?? QUALITY_ROWS_PER_DEVICE;
  const perAddress = ctx.limits.budget('quality-ip', (request) => request.ip);
  const perDevice = ctx.limits.budget('quality', (request) => (request.body as Upload).deviceId);
  const store = new QualityStore(db, retentionMs, rowsPerDevice);
  // Old rows go even while nobody uploads; a retention of days is checked every minute.
  const timer = setInterval(() => store.prune(Date.now()), Math.min(60_000, Math.max(20, Math.floor(retentionMs / 4))));
  timer.unref();
  ctx.onClose(() => clearInterval(timer));

  // Only the page uploads: another site's page can neither match our Origin nor send X-Requested-With.
  const fromPage = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!isSameOrigin(request.raw)) throw new ApiError(10005, 'cross-origin request refused', 403);
  };
  ctx.router.post(QUALITY_PATH, { bodyLimit: 128 * 1024, schema: { body: UPLOAD }, config: { api: 'page' }, preValidation: [fromPage, jsonBody('page')] }, async (request, reply) => {
    if (!db()) return sendJson(reply, 503, pageBody(10016, 'collector not ready'));
    const address = await perAddress(request);
    if (!address.allowed) return tooMany(reply, address, 'from this address');
    const device = await perDevice(request);
    if (!device.allowed) return tooMany(reply, device, 'from this device');
    if (!store.put(request.body as Upload, Date.now())) return sendJson(reply, 503, pageBody(10016, 'collector not ready'));
    return sendJson(reply, 200, pageBody(0, 'success'));
  });

  ctx.router.get(QUALITY_REPORT_PATH, { config: { api: 'page' } }, (request, reply) => {
    const device = String((request.query as Record<string, unknown>)?.device_id ?? '');
    const { rows, sockets } = store.report(device);
    return sendHtml(reply, 200, reportPage(device, rows, sockets));
  });

  if (!ctx.config.faults) return;
  // Tests read back what a device uploaded.
  faultRoute(ctx, 'net-quality', (b) => store.uploaded(b.deviceId));
}

/** The collector's rows: a device's upload stored with its oldest rows past the cap dropped, and old rows pruned. */
class QualityStore {
  private lastPrune = 0;
  private indexed = false;

  constructor(
    private readonly db: () => Db | null,
    private readonly retentionMs: number,
    private readonly rowsPerDevice: number,
  ) {}

  /** Stores one upload; false when the database is not open yet. */
  put(b: Upload, now: number): boolean {
    const d = this.ready();
    if (!d) return false;
    d.transaction(() => {
      const put = d.prepare('INSERT INTO net_quality(at, device_id, kind, second, send, recv, timeout, error, cost, bad) VALUES (?,?,?,?,?,?,?,?,?,?)');
      for (const s of b.seconds ?? []) put.run(now, b.deviceId, s.kind, s.second, s.send, s.recv, s.timeout, s.error, s.cost, s.bad);
      for (const s of b.sockets ?? []) d.prepare('INSERT INTO net_socket(at, device_id, stream, kind, count, last_code) VALUES (?,?,?,?,?,?)').run(now, b.deviceId, s.stream, s.kind, s.count, s.lastCode);
      for (const e of b.events ?? []) d.prepare('INSERT INTO net_event(at, device_id, type, event_at, detail) VALUES (?,?,?,?,?)').run(now, b.deviceId, e.type, e.at, e.detail);
      if (b.stayMs !== undefined || b.totalMs !== undefined) {
        d.prepare('INSERT INTO net_stay(at, device_id, stay_ms, total_ms, cur_ms, end_time) VALUES (?,?,?,?,?,?)').run(now, b.deviceId, b.stayMs ?? 0, b.totalMs ?? 0, b.curMs ?? 0, b.endTime ?? now);
      }
      // The device's oldest rows past the cap (ids grow with time).
      for (const table of TABLES) {
        d.prepare(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE device_id = ? ORDER BY id DESC LIMIT -1 OFFSET ?)`).run(b.deviceId, this.rowsPerDevice);
      }
    })();
    // Uploads also prune, at most once a tenth of the retention (and once a minute at most often).
    if (now - this.lastPrune >= Math.min(60_000, this.retentionMs / 10)) this.prune(now);
    return true;
  }

  /**
   * Deletes rows stored before now − retention. Rows are stored in time order, so the first row
   * still young enough (found from the oldest, by id) bounds them: no scan past what is deleted.
   */
  prune(now: number): void {
    const d = this.ready();
    if (!d) return;
    this.lastPrune = now;
    const cutoff = now - this.retentionMs;
    d.transaction(() => {
      for (const table of TABLES) {
        const keep = d.prepare(`SELECT id FROM ${table} WHERE at >= ? ORDER BY id LIMIT 1`).get(cutoff) as { id: number } | undefined;
        if (keep) d.prepare(`DELETE FROM ${table} WHERE id < ? AND at < ?`).run(keep.id, cutoff);
        else d.prepare(`DELETE FROM ${table} WHERE at < ?`).run(cutoff);
      }
    })();
  }

  /** What the report page shows of a device: its seconds (oldest first) and its latest socket reports. */
  report(device: string): { rows: QualitySecond[]; sockets: Array<SocketProblem & { at: number }> } {
    const d = this.db();
    const rows = d ? (d.prepare('SELECT kind, second, send, recv, timeout, error, cost, bad FROM net_quality WHERE device_id = ? ORDER BY second LIMIT 3600').all(device) as Array<QualitySecond>) : [];
    const sockets = d ? (d.prepare('SELECT at, stream, kind, count, last_code lastCode FROM net_socket WHERE device_id = ? ORDER BY at DESC LIMIT 100').all(device) as Array<SocketProblem & { at: number }>) : [];
    return { rows, sockets };
  }

  /** What a device uploaded, summed per link kind (the test control /faults/net-quality). */
  uploaded(deviceId: unknown): { totals: unknown[]; stayUploads: number; lastStay: unknown; sockets: unknown[]; events: unknown[] } {
    const d = this.db();
    if (!d) throw new Error('collector not ready');
    const totals = d.prepare('SELECT kind, SUM(send) send, SUM(recv) recv, SUM(timeout) timeout, SUM(error) error, SUM(cost) cost, SUM(bad) bad, COUNT(*) rows FROM net_quality WHERE device_id = ? GROUP BY kind').all(deviceId);
    const stays = d.prepare('SELECT COUNT(*) n FROM net_stay WHERE device_id = ?').get(deviceId) as { n: number };
    const sockets = d.prepare('SELECT stream, kind, count, last_code lastCode FROM net_socket WHERE device_id = ? ORDER BY id').all(deviceId);
    const lastStay = d.prepare('SELECT end_time endTime, cur_ms curMs, stay_ms stayMs, total_ms totalMs FROM net_stay WHERE device_id = ? ORDER BY id DESC LIMIT 1').get(deviceId) ?? null;
    const events = d.prepare('SELECT type, event_at at, detail FROM net_event WHERE device_id = ? ORDER BY id').all(deviceId);
    return { totals, stayUploads: stays.n, lastStay, sockets, events };
  }

  /**
   * The database, with the per-device index the cap needs on net_stay (the other two tables have
   * theirs from their migrations). Created here, idempotently, rather than as a migration.
   */
  private ready(): Db | null {
    const d = this.db();
    if (d && !this.indexed) {
      d.exec('CREATE INDEX IF NOT EXISTS net_stay_device ON net_stay(device_id, id)');
      this.indexed = true;
    }
    return d;
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Mean latency (line) and errors + timeouts (bars) per second, one chart per link kind. */
function reportPage(device: string, rows: readonly QualitySecond[], sockets: ReadonlyArray<SocketProblem & { at: number }>): string {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const charts = kinds.map((kind) => {
    const list = rows.filter((r) => r.kind === kind);
    const t0 = list[0]!.second;
    const span = Math.max(1, list.at(-1)!.second - t0);
    const lat = list.map((r) => (r.recv > 0 ? r.cost / r.recv : 0));
    const maxLat = Math.max(1, ...lat);
    const maxErr = Math.max(1, ...list.map((r) => r.error + r.timeout));
    const x = (s: number) => 40 + ((s - t0) / span) * 540;
    const line = list.map((r, i) => `${x(r.second).toFixed(1)},${(190 - (lat[i]! / maxLat) * 170).toFixed(1)}`).join(' ');
    const bars = list.map((r) => (r.error + r.timeout > 0 ? `<rect x="${x(r.second).toFixed(1)}" y="${(190 - ((r.error + r.timeout) / maxErr) * 60).toFixed(1)}" width="3" height="${(((r.error + r.timeout) / maxErr) * 60).toFixed(1)}" fill="#ef454a"/>` : '')).join('');
    const tot = list.reduce<Totals>((a, r) => ({ send: a.send + r.send, recv: a.recv + r.recv, timeout: a.timeout + r.timeout, error: a.error + r.error, cost: a.cost + r.cost, bad: a.bad + r.bad }), { send: 0, recv: 0, timeout: 0, error: 0, cost: 0, bad: 0 });
    return `<h2>${esc(kind)}</h2><p>sent ${tot.send}, received ${tot.recv}, errors ${tot.error}, timeouts ${tot.timeout}, no reply after 3 s ${tot.bad}, mean latency ${tot.recv ? Math.round(tot.cost / tot.recv) : 0} ms (max ${Math.round(maxLat)} ms)</p>
<svg width="600" height="200" role="img" aria-label="latency and errors per second, ${esc(kind)}"><rect x="40" y="20" width="540" height="170" fill="none" stroke="#8b939e"/>${bars}<polyline points="${line}" fill="none" stroke="#20b26c" stroke-width="1.5"/></svg>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Network quality: ${esc(device)}</title></head><body style="font:14px system-ui;background:#0b0e11;color:#eaecef">
<h1>Network quality of ${esc(device || 'no device')}</h1>${charts.length ? charts.join('') : '<p>No uploads.</p>'}<p>Line: mean latency per second; red bars: errors and timeouts.</p>${socketList(sockets)}</body></html>`;
}

/** The socket reports (newest first): which stream reached which threshold, with the last close code. */
function socketList(sockets: ReadonlyArray<SocketProblem & { at: number }>): string {
  if (sockets.length === 0) return '';
  const items = sockets.map((s) => `<li>${new Date(s.at).toISOString()} ${esc(s.stream)} socket: ${esc(s.kind)} ×${s.count}, last close code ${s.lastCode}</li>`).join('');
  return `<h2>Socket reports</h2><ul>${items}</ul>`;
}
