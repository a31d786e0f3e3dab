// The logged-in user's favourite symbols (spec 3 "Favourite entry": symbolId and rank).
import { ApiError, isRecord, requestJson } from './http.ts';
import { pageResult } from './page-envelope.ts';

/** Symbol ids in rank order, from a page-envelope answer {success, code, result: {list}}. */
function listOf(data: unknown): string[] {
  const { list } = pageResult(data, 'favourites request');
  if (!Array.isArray(list)) throw new ApiError('bad favourites answer', 'parse', 200);
  return list
    .filter((e): e is { symbolId: string; rank: number } => isRecord(e) && typeof e.symbolId === 'string' && typeof e.rank === 'number')
    .sort((a, b) => a.rank - b.rank)
    .map((e) => e.symbolId);
}

export async function fetchFavourites(signal?: AbortSignal): Promise<string[]> {
  return listOf(await requestJson('/api/user/favourites', { signal }));
}

/** Replaces the whole list; answers with the list the server now holds. */
export async function saveFavourites(symbolIds: readonly string[]): Promise<string[]> {
  return listOf(await requestJson('/api/user/favourites', { method: 'POST', body: { list: symbolIds.map((symbolId, rank) => ({ symbolId, rank })) } }));
}
