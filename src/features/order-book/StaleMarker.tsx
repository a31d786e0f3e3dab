import { useTranslation } from 'react-i18next';
import { feedSource, feedStatus, type StreamName } from '../../state/market/market-data.ts';
import { useSignals } from '../../state/signals.ts';

/** Says plainly when a stream is not live, so nobody trades on a frozen book without knowing. */
export function StaleMarker({ stream }: { stream: StreamName }) {
  useSignals();
  const { t } = useTranslation();
  const status = feedStatus.value;
  const stale = status ? status.stale[stream] : true;
  if (!stale) return null;
  // With an unusable configured feed nothing connects: say so rather than "Connecting…" forever.
  const text = feedSource().kind === 'invalid' ? t('feed.off') : !status || status.socket === 'connecting' ? t('feed.connecting') : status.socket !== 'open' ? t('feed.reconnecting') : t('feed.stale');
  return (
    <div className="stale-marker" role="status" data-testid={`stale-${stream}`} data-close-code={status?.closeCode || undefined}>
      {text}
    </div>
  );
}
