// The notice bar's topic in the feed worker: asked for only on our own exchange's stream, handed
// to the page as a list, and bad pushes dropped without touching anything else.
import { describe, expect, it } from 'vitest';
import { FeedController } from '../../src/feed/feed-controller.ts';
import type { FeedFrame } from '../../src/feed/frame.ts';
import { ReferenceBookEngine } from '../../src/engine/reference-book.ts';
import { encodeNoticePush, encodeNoticeValue, NOTICE_TOPIC, type Notice } from '../../src/protocol/notices.ts';
import { FakeClock, FakeSocket } from './fakes.ts';

function setup(notices: boolean) {
  const sockets: FakeSocket[] = [];
  const frames: FeedFrame[] = [];
  const got: Notice[][] = [];
  const c = new FeedController({
    engine: new ReferenceBookEngine(),
    clock: new FakeClock(),
    createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!),
    post: (f) => frames.push(f),
    notices: (list) => got.push(list),
  });
  c.handle({ type: 'connect', url: 'ws://x', notices });
  sockets[0]!.open();
  const subscribed = () => sockets[0]!.sent.map((s) => JSON.parse(s)).filter((o) => o.op === 'subscribe').flatMap((o) => o.args as string[]);
  return { socket: sockets[0]!, got, frames, subscribed };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('feed controller: notices', () => {
  it('subscribes the notice topic on our own stream only', () => {
    expect(setup(true).subscribed()).toContain(NOTICE_TOPIC);
    expect(setup(false).subscribed()).not.toContain(NOTICE_TOPIC);
  });

  it('hands each snapshot to the page; a push that is not one is dropped and counted', async () => {
    const { socket, got, frames } = setup(true);
    socket.receive(encodeNoticePush([{ id: 7, locale: 'en-US', value: encodeNoticeValue('ALL', 'Hello', 'https://example.com') }], 1));
    expect(got).toEqual([[{ id: 7, locale: 'en-US', symbols: null, info: 'Hello', url: 'https://example.com' }]]);
    socket.receive(JSON.stringify({ topic: NOTICE_TOPIC, type: 'snapshot', ts: 2, data: 'nope' }));
    await flush();
    expect(got).toHaveLength(1);
    expect(frames.findLast((f) => f.status)?.status?.dropped.notice).toBe(1);
  });
});
