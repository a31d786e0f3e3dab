// Spec 9 "report thresholds 3/3/22": 3 failed opens in a row, 3 ping timeouts in a row, 22 reconnects.
import { describe, expect, it } from 'vitest';
import { ReconnectingSocket } from '../../src/net/socket.ts';
import { SocketReporter, type SocketReport } from '../../src/net/socket-report.ts';
import { CLOSE } from '../../src/net/socket-timing.ts';
import { FakeClock, FakeSocket } from '../feed/fakes.ts';

function setup() {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const reports: SocketReport[] = [];
  const s = new ReconnectingSocket(
    { url: 'ws://x/v5/public/spot', create: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!), clock, random: () => 0.5 },
    { onOpen: () => undefined, onText: () => undefined, onState: () => undefined, onReport: (r) => reports.push(r) },
  );
  return { clock, sockets, reports, s, last: () => sockets.at(-1)! };
}

describe('SocketReporter thresholds', () => {
  it('reports 3 failed opens in a row, and a successful open starts the run again', () => {
    const reports: SocketReport[] = [];
    const r = new SocketReporter((x) => reports.push(x));
    r.closed(CLOSE.openError, false);
    r.closed(CLOSE.openTimeout, false);
    r.opened();
    r.closed(CLOSE.abnormal, true);
    r.closed(CLOSE.openError, false);
    r.closed(CLOSE.openError, false);
    expect(reports).toEqual([]);
    r.closed(CLOSE.openTimeout, false);
    expect(reports).toEqual([{ kind: 'openFailures', count: 3, lastCode: CLOSE.openTimeout }]);
    // Counted afresh: three more before the next report.
    r.closed(CLOSE.openError, false);
    r.closed(CLOSE.openError, false);
    expect(reports).toHaveLength(1);
    r.closed(CLOSE.openError, false);
    expect(reports).toHaveLength(2);
  });

  it('reports 3 ping timeouts in a row; an answered ping starts the run again', () => {
    const reports: SocketReport[] = [];
    const r = new SocketReporter((x) => reports.push(x));
    r.closed(CLOSE.pingTimeout, true);
    r.closed(CLOSE.pingTimeout, true);
    r.answered();
    r.closed(CLOSE.pingTimeout, true);
    r.closed(CLOSE.pingTimeout, true);
    expect(reports).toEqual([]);
    r.closed(CLOSE.pingTimeout, true);
    expect(reports).toEqual([{ kind: 'pingTimeouts', count: 3, lastCode: CLOSE.pingTimeout }]);
  });

  it('reports every 22nd reconnect, whatever its cause', () => {
    const reports: SocketReport[] = [];
    const r = new SocketReporter((x) => reports.push(x));
    for (let i = 0; i < 21; i++) r.closed(i % 2 ? CLOSE.error : CLOSE.abnormal, true);
    expect(reports).toEqual([]);
    r.closed(CLOSE.heartbeatRecovered, true);
    expect(reports).toEqual([{ kind: 'reconnects', count: 22, lastCode: CLOSE.heartbeatRecovered }]);
    for (let i = 0; i < 22; i++) r.closed(CLOSE.error, true);
    expect(reports.filter((x) => x.kind === 'reconnects')).toHaveLength(2);
  });
});

describe('ReconnectingSocket reports', () => {
  it('three refused opens (4998) make one report', () => {
    const { clock, reports, s, last } = setup();
    s.start();
    last().onerror?.({});
    clock.advance(1000);
    last().onerror?.({});
    clock.advance(2000);
    expect(reports).toEqual([]);
    last().onerror?.({});
    expect(reports).toEqual([{ kind: 'openFailures', count: 3, lastCode: CLOSE.openError }]);
  });

  it('three opens that time out (4997) make one report', () => {
    const { clock, reports, s } = setup();
    s.start();
    clock.advance(10_000 + 1000 + 10_000 + 2000 + 10_000);
    expect(reports).toEqual([{ kind: 'openFailures', count: 3, lastCode: CLOSE.openTimeout }]);
  });

  it('three unanswered pings in a row (4996) make one report; a pong in between resets', () => {
    const { clock, reports, s, last } = setup();
    s.start();
    const oneTimeout = (answerFirst: boolean) => {
      last().open();
      if (answerFirst) {
        clock.advance(15_000);
        last().receive('{"success":true,"ret_msg":"pong","op":"ping"}');
      }
      clock.advance(18_000);
      clock.advance(1000);
    };
    oneTimeout(false);
    oneTimeout(false);
    oneTimeout(true);
    oneTimeout(false);
    expect(reports).toEqual([]);
    oneTimeout(false);
    expect(reports).toEqual([{ kind: 'pingTimeouts', count: 3, lastCode: CLOSE.pingTimeout }]);
  });

  it('22 reconnects make one report; stop reports nothing', () => {
    const { clock, reports, s, last } = setup();
    s.start();
    for (let i = 0; i < 21; i++) {
      last().open();
      last().drop(1006);
      clock.advance(1000);
    }
    expect(reports).toEqual([]);
    last().open();
    s.reconnectNow();
    expect(reports).toEqual([{ kind: 'reconnects', count: 22, lastCode: CLOSE.heartbeatRecovered }]);
    s.stop();
    expect(reports).toHaveLength(1);
  });
});
