// Market replay (issue 36 item 4): a local exchange started with `--replay FILE` serves a recorded
// session instead of its simulator, and says so here. Bybit has no such API, so it sits under the
// local paths (/v5/local/...). Shared by the exchange (which answers) and the page (which decodes).
import { isObj, time } from './bybit-v5/checks.ts';

/** GET: {replaying: false}, or the session's state. */
export const REPLAY_STATE_PATH = '/v5/local/replay/state';
/** POST {action: 'play' | 'pause'} | {action: 'speed', speed: 1…100} | {action: 'seek', time: epoch ms}: answers the new state. */
export const REPLAY_CONTROL_PATH = '/v5/local/replay/control';
export const REPLAY_ACTIONS = ['play', 'pause', 'speed', 'seek'] as const;
export type ReplayAction = (typeof REPLAY_ACTIONS)[number];
export const REPLAY_MIN_SPEED = 1;
export const REPLAY_MAX_SPEED = 100;

/** A replay's state; numbers are epoch ms (session time) and the speed multiplier. */
export interface ReplayStateWire {
  replaying: true;
  startTime: number;
  endTime: number;
  /** Session time when the exchange answered. */
  time: number;
  speed: number;
  playing: boolean;
  ended: boolean;
}

/** The result of the state call: null when the exchange is not replaying; undefined when it is not a state. */
export function decodeReplayState(x: unknown): ReplayStateWire | null | undefined {
  if (!isObj(x)) return undefined;
  if (x.replaying === false) return null;
  if (x.replaying !== true || !time(x.startTime) || !time(x.endTime) || !time(x.time) || typeof x.playing !== 'boolean' || typeof x.ended !== 'boolean') return undefined;
  if (typeof x.speed !== 'number' || !(x.speed >= REPLAY_MIN_SPEED && x.speed <= REPLAY_MAX_SPEED)) return undefined;
  if (x.endTime < x.startTime || x.time < x.startTime || x.time > x.endTime) return undefined;
  return { replaying: true, startTime: x.startTime, endTime: x.endTime, time: x.time, speed: x.speed, playing: x.playing, ended: x.ended };
}
