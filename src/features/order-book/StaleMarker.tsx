import { useTranslation } from 'react-i18next';
import { pairLabel } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { marketOpening } from '../../state/market/market-opening.ts';
import { feedSource, feedStatus, type StreamName } from '../../state/market/market-data.ts';
import { useSignals } from '../../state/signals.ts';

/** Says plainly when a stream is not live, so nobody trades on a frozen book without knowing. */
export function StaleMarker({ stream }: { stream: StreamName }) {
  useSignals();
  const { t } = useTranslation();
  const status = feedStatus.value;
  const stale = status ? status.stale[stream] : true;
  if (!stale) return null;
  // A market that has not opened has no data to be late with (issue 33 item 6): say it is not open.
  const sym = activeSymbol.value;
  // The opening notice when it is about this market; else the symbol list's status.
  const opening = marketOpening.value;
  const notOpen = sym !== null && (opening?.symbol === sym.symbolId ? !opening.open : sym.tradeStatus === 'PreLaunch');
  // With an unusable configured feed nothing connects: say so rather than "Connecting…" forever.
  const text =
    feedSource().kind === 'invalid'
      ? t('feed.off')
      : !status || status.socket === 'connecting'
        ? t('feed.connecting')
        : status.socket !== 'open'
          ? t('feed.reconnecting')
          : notOpen
            ? t('feed.notOpen', { pair: pairLabel(sym) })
            : t('feed.stale');
  return (
    <div className="stale-marker" role="status" data-testid={`stale-${stream}`} data-close-code={status?.closeCode || undefined} data-not-open={notOpen || undefined}>
      {text}
    </div>
  );
}
