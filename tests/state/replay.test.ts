// Issue 36 item 4: the page's replay state. It asks the exchange once; only a replaying exchange is
// read again. The session time runs on at the session's speed between reads, and a jump in it (a
// seek) is noticed so the chart and tape start over.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPLAY_STATE_PATH } from '../../src/protocol/replay.ts';
import { checkReplay, pauseReplay, replayJumps, replaySessionTime, replayState, seekReplay, watchReplay } from '../../src/state/market/replay.ts';

const START = Date.UTC(2026, 2, 2, 14);
let answer: Record<string, unknown> = { replaying: false };
let reads = 0;
let posted: unknown[] = [];

beforeAll(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.endsWith(REPLAY_STATE_PATH)) reads++;
    if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ retCode: 0, retMsg: 'OK', result: answer }), { status: 200 });
  });
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('replay state', () => {
  it('asks once; an exchange that does not replay is asked nothing more', async () => {
    checkReplay();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toBe(1);
    expect(replayState.value).toBeNull();
    expect(replaySessionTime.value).toBeNull();
  });

  it('while replaying: the time runs at its speed, reads repeat, a seek elsewhere is a jump, pause holds', async () => {
    answer = { replaying: true, startTime: START, endTime: START + 3_600_000, time: START + 60_000, speed: 10, playing: true, ended: false };
    checkReplay();
    await vi.advanceTimersByTimeAsync(0);
    expect(replayState.value).toMatchObject({ speed: 10, playing: true });
    expect(replaySessionTime.value).toBe(START + 60_000);
    const release = watchReplay();
    const readsBefore = reads;
    // Two seconds at 10×: twenty seconds of session.
    answer = { ...answer, time: START + 60_000 + 20_000 };
    await vi.advanceTimersByTimeAsync(2_000);
    expect(replaySessionTime.value).toBe(START + 80_000);
    // The next read (five seconds on) answers what the clock predicts: no jump.
    answer = { ...answer, time: START + 60_000 + 50_000 };
    const jumps = replayJumps.value;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reads).toBe(readsBefore + 1);
    expect(replayJumps.value).toBe(jumps);
    // Another page sought back to the start: the next read notices the jump.
    answer = { ...answer, time: START };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads).toBe(readsBefore + 2);
    expect(replayJumps.value).toBe(jumps + 1);
    // Pause: the exchange's answer holds the time still.
    answer = { ...answer, time: START + 5_000, playing: false };
    await pauseReplay();
    expect(posted).toEqual([{ action: 'pause' }]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(replaySessionTime.value).toBe(START + 5_000);
    // A seek from this page is a jump however short (here one minute at 10×).
    answer = { ...answer, time: START + 65_000 };
    await seekReplay(START + 65_000);
    expect(posted).toEqual([{ action: 'pause' }, { action: 'seek', time: START + 65_000 }]);
    expect(replayJumps.value).toBe(jumps + 2);
    release();
    const after = reads;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toBe(after);
  });
});
