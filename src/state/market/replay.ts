// Market replay (issue 36 item 4): when the exchange serves a recorded session (`--replay FILE`),
// the page shows a bar with the session's time and its controls. The state is read from the
// exchange once, and while it replays again every few seconds and from each control's answer;
// between reads the session time runs on from the last answer at its speed, as the exchange's
// clock does.
import { controlReplay, fetchReplayState } from '../../api/replay.ts';
import type { ReplayAction, ReplayStateWire } from '../../protocol/replay.ts';
import { createPoll } from '../poll.ts';
import { batch, computed, signal } from '../signals.ts';
import { rewindFeed } from './market-data.ts';

export { REPLAY_MAX_SPEED, REPLAY_MIN_SPEED } from '../../protocol/replay.ts';
/** The speeds the bar offers. */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 25, 50, 100] as const;

const RESYNC_MS = 5000;
const CLOCK_MS = 500;

/** Wall time, ticking while a replay plays and someone shows it. */
const wallNow = signal(Date.now());

/** The last answer and when it came (wall ms). */
const answered = signal<{ state: ReplayStateWire; at: number } | null>(null);

const poll = createPoll<ReplayStateWire | null, ReplayStateWire | null>({
  read: (s) => fetchReplayState(s),
  everyMs: RESYNC_MS,
  initial: null,
  keepOnStop: true,
  onData: (state) => take(state),
});

/**
 * Bumped when the session's time jumped (a seek here or on another page, or a replay that started
 * over): the chart reloads its candles and the tape starts again from the new time.
 */
export const replayJumps = signal(0);

/** A new answer; `sought`: it answers this page's seek (a jump however short). */
function take(state: ReplayStateWire | null, sought = false): void {
  const prev = answered.peek();
  const now = Date.now();
  batch(() => {
    answered.value = state ? { state, at: now } : null;
    wallNow.value = now;
  });
  if (!prev || !state) return;
  const expected = prev.state.playing ? prev.state.time + (now - prev.at) * prev.state.speed : prev.state.time;
  // Slack for the answer's way here, at the session's speed.
  if (sought || Math.abs(state.time - Math.min(expected, prev.state.endTime)) > Math.max(5000, 2000 * prev.state.speed)) {
    rewindFeed();
    replayJumps.value = replayJumps.peek() + 1;
  }
}

/** The replay's state as last answered; null when the exchange is not replaying (or has not said). */
export const replayState = computed(() => answered.value?.state ?? null);

/** Session time now: the last answer's, run on at its speed while playing, up to the recording's end. */
export const replaySessionTime = computed<number | null>(() => {
  const a = answered.value;
  if (!a) return null;
  const { state } = a;
  if (!state.playing) return state.time;
  return Math.min(state.endTime, state.time + Math.max(0, wallNow.value - a.at) * state.speed);
});

/** A control's failure (the exchange's message); null after a control went through. */
export const replayError = signal<string | null>(null);
export const replayBusy = signal(false);

/**
 * Asks the exchange once whether it replays (the page's footer does, at start). Only a replaying
 * exchange is read again (watchReplay): the simulator, or a real exchange, is asked nothing more.
 */
export function checkReplay(): void {
  void poll.refresh();
}

/** Reads the state every few seconds while a replay's bar shows; returns the release. */
export function watchReplay(): () => void {
  const release = poll.use();
  const timer = setInterval(() => {
    if (answered.peek()?.state.playing) wallNow.value = Date.now();
  }, CLOCK_MS);
  return () => {
    clearInterval(timer);
    release();
  };
}

async function send(action: ReplayAction, extra: { speed?: number; time?: number } = {}): Promise<void> {
  replayBusy.value = true;
  try {
    const state = await controlReplay({ action, ...extra });
    // apply() restarts the resync period; it does not call onData.
    poll.apply(state);
    take(state, action === 'seek');
    replayError.value = null;
  } catch (err) {
    replayError.value = (err as Error).message;
  } finally {
    replayBusy.value = false;
  }
}

export const playReplay = () => send('play');
export const pauseReplay = () => send('pause');
export const setReplaySpeed = (speed: number) => send('speed', { speed });
export const seekReplay = (time: number) => send('seek', { time: Math.round(time) });
