// Where the page's market data comes from. Only the operator decides: the exchange (or the dev
// server) writes <meta name="exchange-feed" content="wss://…/v5/public/spot"> into index.html, and
// without it the page uses its own origin. Nothing a link or local storage says is consulted, so a
// link cannot make a logged-in trader's page show another host's book and prices.

import { SPOT_PUBLIC_WS_PATH } from '../protocol/bybit-v5/topics.ts';

/** The name of the meta tag the exchange (`--feed URL`) and `npm run dev -- --feed URL` write. */
export const FEED_META_NAME = 'exchange-feed';

export type FeedSource =
  /** Our own origin (no meta tag, or one that names our own origin). */
  | { kind: 'own'; url: string }
  /** Configured to another origin: the page says so, naming `host` (hostname:port). */
  | { kind: 'foreign'; url: string; host: string }
  /** The configured value is unusable: the page connects nowhere rather than guess. */
  | { kind: 'invalid'; reason: InvalidFeedReason };

export type InvalidFeedReason = 'not-websocket' | 'insecure' | 'several';

interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * A ws:/wss: URL a WebSocket can open, normalised, or null: no credentials (they would travel to
 * whoever the host is) and no fragment (the WebSocket constructor throws on one).
 */
export function validFeedUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'ws:' && u.protocol !== 'wss:') return null;
  if (u.username || u.password || u.hash || !u.hostname) return null;
  return u.href;
}

function defaultPort(protocol: string): string {
  return protocol === 'wss:' || protocol === 'https:' ? '443' : '80';
}

/**
 * Decides the feed from the contents of the page's exchange-feed meta tags (normally none or one).
 * Same origin means the same host and port with ws↔http / wss↔https; a path does not matter.
 */
export function chooseFeedSource(metaValues: readonly string[], location: PageLocation): FeedSource {
  const own = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${SPOT_PUBLIC_WS_PATH}`;
  if (metaValues.length === 0) return { kind: 'own', url: own };
  // Two tags that disagree are a broken deployment (or an injected tag): trust neither.
  if (new Set(metaValues.map((v) => v.trim())).size > 1) return { kind: 'invalid', reason: 'several' };
  const url = validFeedUrl(metaValues[0]!);
  if (!url) return { kind: 'invalid', reason: 'not-websocket' };
  const u = new URL(url);
  // A secure page may not open ws: (the browser refuses it); say so instead of failing quietly.
  if (location.protocol === 'https:' && u.protocol !== 'wss:') return { kind: 'invalid', reason: 'insecure' };
  const page = new URL(`${location.protocol}//${location.host}`);
  const sameOrigin =
    u.hostname === page.hostname &&
    (u.port || defaultPort(u.protocol)) === (page.port || defaultPort(page.protocol)) &&
    (u.protocol === 'wss:') === (page.protocol === 'https:');
  if (sameOrigin) return { kind: 'own', url };
  // URL.hostname is already punycode (xn--…), so a look-alike Unicode name cannot pass for ours.
  return { kind: 'foreign', url, host: `${u.hostname}:${u.port || defaultPort(u.protocol)}` };
}
