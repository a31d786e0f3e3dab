import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_TICK_MS, countdownParts, two } from '../../core/chart/countdown.ts';
import { formatDateTime, UTC_ZONE } from '../../core/chart/time-zone.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { countdownDone, serverNow, type NoticeState } from '../../state/chart/chart-notice.ts';
import { useSignals } from '../../state/signals.ts';

type Countdown = Extract<NoticeState, { kind: 'countdown' }>;

/** Notice type 3 (spec 3): the opening is pending; an hourglass and its words instead of the clock. */
function PendingIcon({ label }: { label: string }) {
  return (
    <p className="chart-mask__pending" data-testid="chart-pending">
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 2h12v5l-4 5 4 5v5H6v-5l4-5-4-5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      <span>{label}</span>
    </p>
  );
}

/** Spec 2.4 / 4.1: time left until the symbol opens, ticking every 100 ms on server time (types 1 and 2). */
export function CountdownMask({ notice }: { notice: Countdown }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, []);
  const parts = countdownParts(notice.onlineTime, now);
  useEffect(() => {
    if (parts.done) countdownDone();
  }, [parts.done]);
  return (
    <div className="chart-mask" role="region" aria-label={t('chart.countdownTitle')} data-testid="chart-countdown">
      <h3 className="chart-mask__title">{t('chart.countdownTitle')}</h3>
      {notice.pending ? (
        <PendingIcon label={t('chart.openingPending')} />
      ) : (
        <>
          <div className="chart-mask__clock" role="timer" aria-live="off">
            <span data-part="hours">{two(parts.hours)}</span>
            <span className="chart-mask__unit">{t('chart.hours')}</span>
            <span data-part="minutes">{two(parts.minutes)}</span>
            <span className="chart-mask__unit">{t('chart.minutes')}</span>
            <span data-part="seconds">{two(parts.seconds)}</span>
            <span className="chart-mask__unit">{t('chart.seconds')}</span>
          </div>
          <p data-testid="chart-open-time">{t('chart.openTime', { time: `${formatDateTime(notice.onlineTime, UTC_ZONE)} UTC` })}</p>
        </>
      )}
      {notice.content ? <p className="chart-mask__text">{notice.content}</p> : null}
      {notice.link ? (
        <a href={notice.link} target="_blank" rel="noopener noreferrer">
          {t('chart.learnMore')}
        </a>
      ) : null}
    </div>
  );
}

/** Spec 2.4 / 8: the notice failed or named another symbol; refresh reloads the page. */
export function ErrorMask() {
  useSignals();
  const { t } = useTranslation();
  const s = activeSymbol.value;
  return (
    <div className="chart-mask" role="alert" data-testid="chart-error">
      <h3 className="chart-mask__title">{s ? `${s.baseTokenName}/${s.quoteTokenName}` : ''}</h3>
      <p>{t('chart.countdownTitle')}</p>
      <p>{t('chart.networkError')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('chart.refresh')}
      </button>
    </div>
  );
}
