// The first of the page's modules to run (main.tsx imports it before anything else, so it runs
// before React, the router and i18next are even set up). On a trading page it starts both
// workers: the feed worker compiles the book engine (index.html preloads it) and opens its
// socket; on the desktop page, which shows the order book at once, the canvas worker fetches
// PixiJS and readies its renderer. All of that used to wait for translations, the symbol list
// and React's first render.
import { FALLBACK_QUOTE } from '../core/constants.ts';
import { resolveRoute } from '../core/routes.ts';
import { prestartCanvasWorker } from '../render/offscreen/host.ts';
import { attachCanvasFeed, startFeed } from '../state/market/market-data.ts';
import { isMobileWidth } from './viewport.ts';

// The fallback locale and quote only shape redirects, which start nothing here.
// A popped-out panel (issue 36 item 3) is the trading page's book or chart alone: started the same way.
const kind = resolveRoute(window.location.pathname, window.location.search, window.location.hash, 'en', FALLBACK_QUOTE).kind;
if (kind === 'pair' || kind === 'panel') {
  startFeed();
  if (!isMobileWidth(window.innerWidth)) prestartCanvasWorker(attachCanvasFeed);
}
