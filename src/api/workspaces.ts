// Issue 36 item 3: the page's workspaces on the account (GET/POST /api/user/workspaces).
import { parseStore, type WorkspaceStore } from '../core/workspace.ts';
import { ApiError, isRecord, requestJson } from './http.ts';

function checked(data: unknown): Record<string, unknown> {
  if (!isRecord(data) || data.code !== 0) throw new ApiError(isRecord(data) && typeof data.message === 'string' ? data.message : 'request failed', isRecord(data) && typeof data.code === 'number' ? data.code : 'parse', 200);
  return isRecord(data.result) ? data.result : {};
}

/** The account's workspaces, or null when it has none (or none the page can read). */
export async function fetchWorkspaces(): Promise<WorkspaceStore | null> {
  return parseStore(checked(await requestJson('/api/user/workspaces')).workspaces);
}

export async function saveWorkspaces(store: WorkspaceStore): Promise<void> {
  checked(await requestJson('/api/user/workspaces', { method: 'POST', body: { workspaces: store } }));
}
