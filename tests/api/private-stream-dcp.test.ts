// The private stream holds dcp.spot while disconnection protection is on (issue 35 item 4): on
// the socket now, and in the subscribe of every new connection; let go, it unsubscribes.
import { expect, test, vi } from 'vitest';
import { PrivateStream } from '../../src/api/private-stream.ts';
import type { SocketLike } from '../../src/net/socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
}

const frames = (s: FakeSocket) => s.sent.map((t) => JSON.parse(t) as { op: string; args?: string[] }).filter((f) => f.op === 'subscribe' || f.op === 'unsubscribe');

test('held before connecting, it is in the first subscribe; toggled while open, it is sent on its own; a reconnect subscribes it again', () => {
  vi.useFakeTimers();
  const sockets: FakeSocket[] = [];
  const stream = new PrivateStream(
    { kind: 'uta', url: 'ws://x/v5/private', createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    } },
    { onEvent: () => undefined, onReconnected: () => undefined, onState: () => undefined },
  );
  stream.hold('dcp.spot', true);
  stream.start();
  sockets[0]!.open();
  expect(frames(sockets[0]!)[0]!.args).toContain('dcp.spot');
  stream.hold('dcp.spot', false);
  expect(frames(sockets[0]!).at(-1)).toMatchObject({ op: 'unsubscribe', args: ['dcp.spot'] });
  stream.hold('dcp.spot', true);
  expect(frames(sockets[0]!).at(-1)).toMatchObject({ op: 'subscribe', args: ['dcp.spot'] });
  // Held twice is sent once.
  const n = sockets[0]!.sent.length;
  stream.hold('dcp.spot', true);
  expect(sockets[0]!.sent.length).toBe(n);
  sockets[0]!.close();
  // The back-off's first wait: the next connection.
  for (let i = 0; i < 10 && sockets.length < 2; i++) vi.advanceTimersToNextTimer();
  expect(sockets.length).toBe(2);
  sockets[1]!.open();
  expect(frames(sockets[1]!)[0]!.args).toContain('dcp.spot');
  stream.stop();
  vi.useRealTimers();
});

test('not held, no subscribe names it', () => {
  const sockets: FakeSocket[] = [];
  const stream = new PrivateStream(
    { kind: 'classic', url: 'ws://x/v5/private', createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    } },
    { onEvent: () => undefined, onReconnected: () => undefined, onState: () => undefined },
  );
  stream.start();
  sockets[0]!.open();
  expect(frames(sockets[0]!).flatMap((f) => f.args ?? [])).not.toContain('dcp.spot');
  stream.stop();
});
