// The page's own market-data feed follows the API wherever the route picker (a route's origin) or
// acceleration (its socket link, spec 4.17 wssLinks) sends it, as the private stream does
// (api/private-stream.ts); an operator-chosen feed host (feed/feed-source.ts) never moves.
import { onApiBase, wsOrigin } from '../../net/api-base.ts';
import { SPOT_PUBLIC_WS_PATH } from '../../protocol/bybit-v5/topics.ts';
import { feedSource, startFeed } from '../market/market-data.ts';

let following = false;
let lastUrl = '';

/** Starts (once) moving the own feed's socket with the API. */
export function followFeedRoute(): void {
  if (following) return;
  following = true;
  const source = feedSource();
  lastUrl = source.kind === 'own' ? source.url : '';
  onApiBase(() => {
    if (feedSource().kind !== 'own') return;
    const url = `${wsOrigin()}${SPOT_PUBLIC_WS_PATH}`;
    if (url === lastUrl) return;
    lastUrl = url;
    startFeed().send({ type: 'connect', url, notices: true });
  });
}
