import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RetryWait } from '../../state/market/markets.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

const TICK_MS = 250;

/** Whole seconds until `at`, rounded up (0 once it passed). */
function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

interface Props {
  retrying: RetryWait;
  onRetryNow: () => void;
}

/**
 * "Connecting… (attempt 3)", a countdown to the next attempt and what the last one got. The
 * status line (announced) changes once per attempt; the ticking countdown is a timer that is not
 * read out every second.
 */
export function RetryStatus({ retrying, onRetryNow }: Props) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(() => secondsUntil(retrying.retryAt));
  useEffect(() => {
    setSeconds(secondsUntil(retrying.retryAt));
    const id = setInterval(() => setSeconds(secondsUntil(retrying.retryAt)), TICK_MS);
    return () => clearInterval(id);
  }, [retrying.retryAt]);
  return (
    <div className="retry-status" data-testid="retry-status">
      <Spinner label={t('boot.connecting', { attempt: retrying.failures + 1 })} />
      <p className="retry-status__timer" role="timer" aria-live="off">
        {seconds > 0 ? t('boot.retryingIn', { seconds }) : t('boot.retryingNow')}
      </p>
      <p className="retry-status__reason">{t('boot.lastError', { reason: retrying.reason })}</p>
      <Button onClick={onRetryNow} disabled={seconds === 0}>
        {t('boot.retryNow')}
      </Button>
    </div>
  );
}
