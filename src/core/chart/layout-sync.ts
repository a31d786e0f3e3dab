// Spec 5.9: the chart layout kept on the server. Saving is skipped for demo accounts and visitors
// and never happens within 5 s of the previous save; a server layout replaces the local one only
// when its version is more than 5 s newer. Versions are save times in ms.

export const LAYOUT_SAVE_INTERVAL_MS = 5000;
export const LAYOUT_NEWER_BY_MS = 5000;

export interface LayoutEnvelope {
  version: number;
  saveData: unknown;
}

export interface SaveContext {
  loggedIn: boolean;
  isDemo: boolean;
  /** Time of the previous save, or null before the first. */
  lastSaveAt: number | null;
  now: number;
}

export type SaveDecision = { save: true } | { save: false; retryInMs?: number };

/** Whether a save may go now; a throttled save says when it may go. */
export function saveDecision(c: SaveContext): SaveDecision {
  if (!c.loggedIn || c.isDemo) return { save: false };
  if (c.lastSaveAt === null) return { save: true };
  const wait = c.lastSaveAt + LAYOUT_SAVE_INTERVAL_MS - c.now;
  return wait > 0 ? { save: false, retryInMs: wait } : { save: true };
}

/** Whether the server's layout replaces the local one. */
export function serverLayoutWins(serverVersion: number | null, localVersion: number | null): boolean {
  if (serverVersion === null || !Number.isFinite(serverVersion)) return false;
  if (localVersion === null) return true;
  return serverVersion - localVersion > LAYOUT_NEWER_BY_MS;
}

/** The `kline` text of a get_kline_config answer, or null when absent or malformed. */
export function parseLayout(kline: unknown): LayoutEnvelope | null {
  if (typeof kline !== 'string' || kline === '') return null;
  let v: unknown;
  try {
    v = JSON.parse(kline);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const version = typeof o.version === 'number' ? o.version : typeof o.version === 'string' ? Number(o.version) : NaN;
  if (!Number.isFinite(version)) return null;
  let saveData = o.saveData;
  if (typeof saveData === 'string') {
    try {
      saveData = JSON.parse(saveData);
    } catch {
      return null;
    }
  }
  return { version, saveData };
}
