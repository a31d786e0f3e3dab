// `npm run dev -- --feed wss://…/v5/public/spot` points the dev page at another market-data
// endpoint the way an operator does in production (the exchange's `--feed`): by writing the
// exchange-feed meta tag into index.html. The page reads nothing else (src/feed/feed-source.ts).
import type { Plugin } from 'vite';
import { FEED_META_NAME, validFeedUrl } from '../src/feed/feed-source.ts';

/** The `--feed URL` / `--feed=URL` argument, else EXCHANGE_FEED_URL (scripts/dev.mjs sets it for Vite). */
export function feedOption(argv: readonly string[], env: Record<string, string | undefined>): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--feed') return argv[i + 1];
    if (arg.startsWith('--feed=')) return arg.slice('--feed='.length);
  }
  return env.EXCHANGE_FEED_URL || undefined;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tag for a feed URL; throws unless it is a ws:/wss: URL, so a typo fails at start instead of in the page. */
export function feedMetaTag(feed: string): string {
  const url = validFeedUrl(feed);
  if (!url) throw new Error(`--feed must be a ws:// or wss:// URL without credentials or #fragment, got ${JSON.stringify(feed)}`);
  return `<meta name="${FEED_META_NAME}" content="${escapeAttr(url)}" />`;
}

/** Vite dev-server plugin: with a feed option, every served index.html carries its meta tag in <head>. */
export function feedMetaPlugin(feed: string | undefined = feedOption(process.argv, process.env)): Plugin {
  let tag = '';
  return {
    name: 'exchange-feed-meta',
    apply: 'serve',
    configResolved(config) {
      if (feed === undefined || config.mode === 'test') return;
      tag = feedMetaTag(feed);
      config.logger.info(`market data from ${validFeedUrl(feed)} (exchange-feed meta tag)`);
    },
    transformIndexHtml(html) {
      return tag ? html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${tag}`) : html;
    },
  };
}
