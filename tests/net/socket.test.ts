import { describe, expect, it } from 'vitest';
import { ReconnectingSocket, type SocketState } from '../../src/net/socket.ts';
import { CLOSE, reconnectDelay } from '../../src/net/socket-timing.ts';
import { FakeClock, FakeSocket } from '../feed/fakes.ts';

function setup(random = () => 0.5) {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const states: Array<[SocketState, number | undefined]> = [];
  const texts: string[] = [];
  let opens = 0;
  const s = new ReconnectingSocket(
    { url: 'ws://x/v5/public/spot', create: (u) => (sockets.push(new FakeSocket(u)), sockets[sockets.length - 1]!), clock, random },
    { onOpen: () => opens++, onText: (t) => texts.push(t), onState: (st, code) => states.push([st, code]) },
  );
  return { clock, sockets, states, texts, s, opens: () => opens };
}

describe('reconnect delays (spec 9)', () => {
  it('grow from 1 s to 5 s, jittered by ±50 %', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => reconnectDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
    // Spec 9: 1 s to 5 s with jitter 0.5 — the spread never leaves that range.
    expect(reconnectDelay(0, () => 0)).toBe(1000);
    expect(reconnectDelay(0, () => 0.999999)).toBe(1500);
    expect(reconnectDelay(1, () => 0)).toBe(1000);
    expect(reconnectDelay(5, () => 0)).toBe(2500);
    expect(reconnectDelay(5, () => 0.999999)).toBe(5000);
    expect(reconnectDelay(2, () => 0.999999)).toBe(5000);
    for (let n = 0; n < 12; n++)
      for (const r of [0, 0.25, 0.5, 0.75, 0.999999]) {
        const d = reconnectDelay(n, () => r);
        expect(d).toBeGreaterThanOrEqual(1000);
        expect(d).toBeLessThanOrEqual(5000);
      }
  });
});

describe('ReconnectingSocket lifecycle', () => {
  it('opens, pings every 15 s, and keeps the connection while pongs arrive', () => {
    const { clock, sockets, s, opens } = setup();
    s.start();
    sockets[0]!.open();
    expect(opens()).toBe(1);
    expect(s.state).toBe('open');
    clock.advance(15_000);
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toMatchObject({ op: 'ping' });
    clock.advance(1000);
    sockets[0]!.receive('{"success":true,"ret_msg":"pong","conn_id":"c","op":"ping"}');
    clock.advance(14_999);
    expect(sockets[0]!.sent.length).toBe(1);
    clock.advance(1);
    expect(sockets[0]!.sent.length).toBe(2);
    expect(sockets.length).toBe(1);
  });

  it('a missing pong closes with 4996 and reconnects after the back-off', () => {
    const { clock, sockets, s, states } = setup();
    s.start();
    sockets[0]!.open();
    clock.advance(15_000 + 3_000);
    expect(sockets[0]!.closedWith).toBe(CLOSE.pingTimeout);
    expect(states.at(-1)).toEqual(['reconnecting', CLOSE.pingTimeout]);
    clock.advance(999);
    expect(sockets.length).toBe(1);
    clock.advance(1);
    expect(sockets.length).toBe(2);
  });

  it('an open that takes over 10 s closes with 4997', () => {
    const { clock, sockets, s } = setup();
    s.start();
    clock.advance(10_000);
    expect(sockets[0]!.closedWith).toBe(CLOSE.openTimeout);
    expect(s.lastCloseCode).toBe(CLOSE.openTimeout);
  });

  it('abnormal closes map to 4006 / 4005 and back-off grows until a connection opens', () => {
    const { clock, sockets, s } = setup();
    s.start();
    sockets[0]!.drop(1006);
    expect(s.lastCloseCode).toBe(4006);
    clock.advance(1000);
    sockets[1]!.drop(1005);
    expect(s.lastCloseCode).toBe(4005);
    clock.advance(1999);
    expect(sockets.length).toBe(2);
    clock.advance(1);
    expect(sockets.length).toBe(3);
    sockets[2]!.open();
    sockets[2]!.drop(1006);
    clock.advance(1000);
    expect(sockets.length).toBe(4);
  });

  it('an error before open counts as 4998', () => {
    const { sockets, s } = setup();
    s.start();
    sockets[0]!.onerror?.({});
    expect(s.lastCloseCode).toBe(CLOSE.openError);
  });

  it('an error on an open socket closes with 4999 and reconnects after the back-off', () => {
    const { clock, sockets, s, states } = setup();
    s.start();
    sockets[0]!.open();
    sockets[0]!.onerror?.({});
    expect(sockets[0]!.closedWith).toBe(CLOSE.error);
    expect(states.at(-1)).toEqual(['reconnecting', CLOSE.error]);
    clock.advance(999);
    expect(sockets.length).toBe(1);
    clock.advance(1);
    expect(sockets.length).toBe(2);
  });

  it('every failure reports its own close code (spec 8)', () => {
    const seen: number[] = [];
    const { clock, sockets, s } = setup();
    const next = () => sockets[sockets.length - 1]!;
    s.start();
    next().onerror?.({}); // 4998 open error
    seen.push(s.lastCloseCode);
    clock.advance(5_000);
    clock.advance(10_000); // 4997 open timeout
    seen.push(s.lastCloseCode);
    clock.advance(5_000);
    next().open();
    clock.advance(15_000 + 3_000); // 4996 ping timeout
    seen.push(s.lastCloseCode);
    clock.advance(5_000);
    next().open();
    next().onerror?.({}); // 4999 error
    seen.push(s.lastCloseCode);
    clock.advance(5_000);
    next().open();
    next().onclose?.({ code: 1006, reason: '' }); // 4006 abnormal
    seen.push(s.lastCloseCode);
    clock.advance(5_000);
    next().open();
    next().onclose?.({ code: 1005, reason: '' }); // 4005 no status
    seen.push(s.lastCloseCode);
    clock.advance(5_000);
    next().open();
    s.reconnectNow(); // 4995 heartbeat recovered (back online, or shown after long hidden)
    expect(sockets.at(-2)!.closedWith).toBe(4995);
    expect(seen).toEqual([4998, 4997, 4996, 4999, 4006, 4005]);
  });

  it('reconnectNow replaces a live socket at once, reporting 4995', () => {
    const { sockets, s, states } = setup();
    s.start();
    sockets[0]!.open();
    s.reconnectNow();
    expect(sockets[0]!.closedWith).toBe(CLOSE.heartbeatRecovered);
    expect(states.at(-1)).toEqual(['reconnecting', CLOSE.heartbeatRecovered]);
    expect(s.lastCloseCode).toBe(CLOSE.heartbeatRecovered);
    expect(sockets.length).toBe(2);
  });

  it('stop leaves no timers and no reconnects', () => {
    const { clock, sockets, s } = setup();
    s.start();
    sockets[0]!.open();
    s.stop();
    expect(s.pendingTimers()).toBe(0);
    clock.advance(60_000);
    expect(sockets.length).toBe(1);
    expect(s.state).toBe('closed');
  });

  it('passes data through and keeps pongs out of it', () => {
    const { sockets, s, texts } = setup();
    s.start();
    sockets[0]!.open();
    sockets[0]!.receive('{"topic":"publicTrade.BTCUSDT"}');
    expect(texts).toEqual(['{"topic":"publicTrade.BTCUSDT"}']);
  });
});
