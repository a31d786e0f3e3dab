// The local exchange's market replay (issue 36 item 4; src/protocol/replay.ts).
import { decodeReplayState, REPLAY_CONTROL_PATH, REPLAY_STATE_PATH, type ReplayAction, type ReplayStateWire } from '../protocol/replay.ts';
import { ApiError, requestJson, v5Result } from './http.ts';

function decode(data: unknown): ReplayStateWire | null {
  const s = decodeReplayState(v5Result(data));
  if (s === undefined) throw new ApiError('bad replay state', 'parse', 200);
  return s;
}

/** The replay's state; null when the exchange is not replaying. */
export async function fetchReplayState(signal?: AbortSignal): Promise<ReplayStateWire | null> {
  return decode(await requestJson(REPLAY_STATE_PATH, { signal }));
}

/** Plays, pauses, changes speed or seeks; answers the state after it. */
export async function controlReplay(body: { action: ReplayAction; speed?: number; time?: number }): Promise<ReplayStateWire | null> {
  return decode(await requestJson(REPLAY_CONTROL_PATH, { method: 'POST', body }));
}
