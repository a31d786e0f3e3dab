import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAgoIn } from '../../core/datetime.ts';
import { pairLabel } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { marketOpening } from '../../state/market/market-opening.ts';
import { feedSource, feedStatus, type StreamName } from '../../state/market/market-data.ts';
import { dataAge, holdAgeClock } from '../../state/market/data-age.ts';
import { useSignals } from '../../state/signals.ts';

interface Props {
  stream: StreamName;
  /** Shown only once the stream has had data that stopped (the chart and the header: they say loading otherwise). */
  onlyWithAge?: boolean;
  /** A line in the flow (the header) rather than a banner over the widget. */
  inline?: boolean;
}

/**
 * Says plainly when a stream is not live, so nobody trades on a frozen book without knowing, and
 * how old its newest data is (issue 35 item 5).
 */
export function StaleMarker({ stream, onlyWithAge = false, inline = false }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  useEffect(() => holdAgeClock(), []);
  const status = feedStatus.value;
  const stale = status ? status.stale[stream] : true;
  const age = dataAge[stream].value;
  if (!stale || (onlyWithAge && age === null)) return null;
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
  // The state in the marker, the age beside it (each with its own test id: tests read the state's words alone).
  const ageLine =
    age !== null && !notOpen ? (
      <div className="stale-marker__age" role="status" data-testid={`age-${stream}`} data-age={age}>
        {t('feed.lastUpdate', { ago: formatAgoIn(age, i18n.language) })}
      </div>
    ) : null;
  return (
    <div className={inline ? 'stale-banner stale-banner--inline' : 'stale-banner'}>
      {inline ? null : (
        <div className="stale-marker" role="status" data-testid={`stale-${stream}`} data-close-code={status?.closeCode || undefined} data-not-open={notOpen || undefined}>
          {text}
        </div>
      )}
      {ageLine}
    </div>
  );
}
