import { parseStore, type WorkspaceStore } from '../../src/core/workspace.ts';
import type { Db } from './db.ts';
import { MAX_DRAWINGS_PER_SYMBOL, sanitizeDrawingMap } from '../../src/core/chart/drawings.ts';

/** Per-user page state the spec keeps on the server: preferences, the chart layout, favourites. */

export const MAX_PREF_KEYS = 64;
export const MAX_PREF_VALUE = 4096;
export const PREF_KEY_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

export function getPreferences(db: Db, userId: number): Record<string, string> {
  const rows = db.prepare('SELECT key, value FROM preferences WHERE user_id = ? ORDER BY key').all(userId) as Array<{ key: string; value: string }>;
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Validates then upserts every key in one transaction; returns an error text instead of half-applying. */
export function upsertPreferences(db: Db, userId: number, upserts: unknown): string | undefined {
  if (typeof upserts !== 'object' || upserts === null || Array.isArray(upserts)) return 'upsert_keys must be an object';
  const entries = Object.entries(upserts as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_PREF_KEYS) return `upsert_keys must hold 1 to ${MAX_PREF_KEYS} keys`;
  const clean: Array<[string, string]> = [];
  for (const [k, v] of entries) {
    if (!PREF_KEY_RE.test(k)) return `bad preference key: ${k.slice(0, 64)}`;
    const text = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
    if (text === undefined || text.length > MAX_PREF_VALUE) return `bad value for ${k}`;
    clean.push([k, text]);
  }
  const stmt = db.prepare('INSERT INTO preferences (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value');
  db.transaction(() => {
    for (const [k, v] of clean) stmt.run(userId, k, v);
  })();
  return undefined;
}

export const MAX_LAYOUT_BYTES = 256 * 1024;
/** Pairs with drawings in one layout (each holds at most MAX_DRAWINGS_PER_SYMBOL). */
export const MAX_DRAWING_PAIRS = 100;

/**
 * The drawings in a layout (issue 36): {map: {SYMBOL: Drawing[]}, prefs}, each drawing checked as
 * the page reads it; a layout with any drawing the page could not read is refused whole (the
 * stored one is kept), so what an account holds is always readable.
 */
function checkDrawings(saveData: unknown): string | undefined {
  let data = saveData;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (typeof data !== 'object' || data === null || !('drawings' in data)) return undefined;
  const drawings = (data as { drawings: unknown }).drawings;
  if (typeof drawings !== 'object' || drawings === null || Array.isArray(drawings)) return 'kline.saveData.drawings must be an object';
  const map = (drawings as { map?: unknown }).map;
  if (map === undefined) return undefined;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return 'kline.saveData.drawings.map must be an object';
  if (Object.keys(map).length > MAX_DRAWING_PAIRS) return `kline.saveData.drawings: at most ${MAX_DRAWING_PAIRS} pairs`;
  const { bad } = sanitizeDrawingMap(map);
  if (bad > 0) return `kline.saveData.drawings: ${bad} invalid drawing(s) (at most ${MAX_DRAWINGS_PER_SYMBOL} per pair)`;
  return undefined;
}

export interface ChartLayout {
  version: string;
  saveData: string;
}

export function getChartLayout(db: Db, userId: number): ChartLayout | undefined {
  const row = db.prepare('SELECT version, save_data FROM chart_layouts WHERE user_id = ?').get(userId) as { version: string; save_data: string } | undefined;
  return row ? { version: row.version, saveData: row.save_data } : undefined;
}

/** `kline` is the JSON text of {version, saveData} (spec 7.1); saveData is stored as opaque text. */
export function setChartLayout(db: Db, userId: number, kline: unknown, now = Date.now()): string | undefined {
  if (typeof kline !== 'string') return 'kline must be a JSON string';
  if (Buffer.byteLength(kline) > MAX_LAYOUT_BYTES) return 'kline too large';
  let parsed: unknown;
  try {
    parsed = JSON.parse(kline);
  } catch {
    return 'kline is not valid JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'kline must be an object';
  const { version, saveData } = parsed as { version?: unknown; saveData?: unknown };
  if (typeof version !== 'string' && typeof version !== 'number') return 'kline.version missing';
  if (saveData === undefined) return 'kline.saveData missing';
  const drawingsError = checkDrawings(saveData);
  if (drawingsError) return drawingsError;
  const data = typeof saveData === 'string' ? saveData : JSON.stringify(saveData);
  db.prepare(
    'INSERT INTO chart_layouts (user_id, version, save_data, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET version = excluded.version, save_data = excluded.save_data, updated_at = excluded.updated_at',
  ).run(userId, String(version), data, now);
  return undefined;
}

export interface Favourite {
  symbolId: string;
  rank: number;
}

export const MAX_FAVOURITES = 200;

export function getFavourites(db: Db, userId: number): Favourite[] {
  const rows = db.prepare('SELECT symbol, rank FROM favourites WHERE user_id = ? ORDER BY rank, symbol').all(userId) as Array<{ symbol: string; rank: number }>;
  return rows.map((r) => ({ symbolId: r.symbol, rank: r.rank }));
}

/** Replaces the whole list (the page always sends its full ordering). */
export function setFavourites(db: Db, userId: number, list: unknown, knownSymbol: (s: string) => boolean): string | undefined {
  if (!Array.isArray(list)) return 'list must be an array';
  if (list.length > MAX_FAVOURITES) return `at most ${MAX_FAVOURITES} favourites`;
  const seen = new Set<string>();
  const clean: Favourite[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'bad favourite entry';
    const { symbolId, rank } = item as { symbolId?: unknown; rank?: unknown };
    if (typeof symbolId !== 'string' || !knownSymbol(symbolId)) return `unknown symbol: ${String(symbolId).slice(0, 32)}`;
    if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0 || rank > 1_000_000) return 'rank must be a non-negative integer';
    if (seen.has(symbolId)) return `duplicate symbol: ${symbolId}`;
    seen.add(symbolId);
    clean.push({ symbolId, rank });
  }
  db.transaction(() => {
    db.prepare('DELETE FROM favourites WHERE user_id = ?').run(userId);
    const ins = db.prepare('INSERT INTO favourites (user_id, symbol, rank) VALUES (?, ?, ?)');
    for (const f of clean) ins.run(userId, f.symbolId, f.rank);
  })();
  return undefined;
}

/** Spec 7.5: whether the account has been through the OTC guide (spec 2.17's first OTC path). */
export function isOtcGuided(db: Db, userId: number): boolean {
  return db.prepare('SELECT 1 FROM otc_guided WHERE user_id = ?').get(userId) !== undefined;
}

/** Records that the account finished the OTC guide; the first completion's time is kept. */
export function setOtcGuided(db: Db, userId: number, now = Date.now()): void {
  db.prepare('INSERT INTO otc_guided (user_id, guided_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING').run(userId, now);
}

/** Issue 36 item 3: the account's page workspaces (the current one and the named ones), at most this long. */
export const MAX_WORKSPACES_BYTES = 32 * 1024;
const WORKSPACES_KEY = 'workspaces';

export function getWorkspaces(db: Db, userId: number): WorkspaceStore | null {
  const row = db.prepare('SELECT value FROM preferences WHERE user_id = ? AND key = ?').get(userId, WORKSPACES_KEY) as { value: string } | undefined;
  if (!row) return null;
  try {
    return parseStore(JSON.parse(row.value));
  } catch {
    return null;
  }
}

/** Stores the workspaces when they are what the page reads (else an error; the stored ones are kept). */
export function setWorkspaces(db: Db, userId: number, body: unknown): string | undefined {
  const text = JSON.stringify(body ?? null);
  if (Buffer.byteLength(text) > MAX_WORKSPACES_BYTES) return 'workspaces too large';
  const store = parseStore(body);
  if (!store) return 'workspaces must be {current, named} with known panels, distinct places and names of 1 to 40 characters (at most 20)';
  db.prepare('INSERT INTO preferences (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value').run(userId, WORKSPACES_KEY, JSON.stringify(store));
  return undefined;
}
