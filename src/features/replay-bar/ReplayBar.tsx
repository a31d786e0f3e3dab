import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import type { Locale } from '../../core/locale.ts';
import {
  checkReplay, pauseReplay, playReplay, REPLAY_SPEEDS, replayBusy, replayError, replaySessionTime, replayState, seekReplay, setReplaySpeed, watchReplay,
} from '../../state/market/replay.ts';
import { useSignals } from '../../state/signals.ts';
import './replay-bar.css';

const MINUTE = 60_000;
/** The keys that move a slider: their release seeks (Tab's does not). */
const SEEK_KEYS = new Set(['Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown']);

/**
 * The replay bar (issue 36 item 4): shown only when the exchange serves a recorded session. It
 * says the session's time (what the exchange's clock says, in the page's zone) and plays, pauses,
 * changes speed and seeks; every change is the exchange's answer, not what was asked.
 */
export function ReplayBar({ locale }: { locale: Locale }) {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => checkReplay(), []);
  const state = replayState.value;
  const replaying = state !== null;
  useEffect(() => (replaying ? watchReplay() : undefined), [replaying]);
  const time = replaySessionTime.value;
  // The position while the slider is held; committed when let go.
  const [draft, setDraft] = useState<number | null>(null);
  if (!state || time === null) return null;
  const busy = replayBusy.value;
  const error = replayError.value;
  // The slider's own value (it snaps to whole minutes): a seek when let go or moved by a key.
  const commit = (value: string) => {
    setDraft(null);
    void seekReplay(Number(value));
  };
  const speedOptions = REPLAY_SPEEDS.includes(state.speed as (typeof REPLAY_SPEEDS)[number]) ? REPLAY_SPEEDS : [...REPLAY_SPEEDS, state.speed].sort((a, b) => a - b);
  return (
    <section className="replay-bar" aria-label={t('replay.label')} data-testid="replay-bar">
      <span className="replay-bar__badge">{t('replay.label')}</span>
      <time className="replay-bar__time" dateTime={new Date(time).toISOString()} aria-label={t('replay.sessionTime')} data-testid="replay-time">
        {formatDateTimeIn(time, locale)}
      </time>
      {state.playing ? (
        <button type="button" className="replay-bar__button" disabled={busy} onClick={() => void pauseReplay()}>
          {t('replay.pause')}
        </button>
      ) : (
        <button type="button" className="replay-bar__button" disabled={busy} onClick={() => void playReplay()}>
          {t('replay.play')}
        </button>
      )}
      <label className="replay-bar__speed">
        <span className="visually-hidden">{t('replay.speed')}</span>
        <select value={String(state.speed)} disabled={busy} onChange={(e) => void setReplaySpeed(Number(e.target.value))}>
          {speedOptions.map((s) => (
            <option key={s} value={String(s)}>
              {t('replay.speedValue', { speed: new Intl.NumberFormat(locale, { maximumFractionDigits: 2, numberingSystem: 'latn' }).format(s) })}
            </option>
          ))}
        </select>
      </label>
      <input
        className="replay-bar__seek"
        type="range"
        aria-label={t('replay.position')}
        aria-valuetext={formatDateTimeIn(draft ?? time, locale)}
        min={state.startTime}
        max={state.endTime}
        step={MINUTE}
        value={draft ?? time}
        disabled={busy}
        onChange={(e) => setDraft(Number(e.target.value))}
        onPointerUp={(e) => commit(e.currentTarget.value)}
        onKeyUp={(e) => {
          if (SEEK_KEYS.has(e.key)) commit(e.currentTarget.value);
        }}
      />
      {state.ended ? <span className="replay-bar__ended">{t('replay.ended')}</span> : null}
      {error ? (
        <span role="alert" className="replay-bar__error">
          {t('replay.failed', { message: error })}
        </span>
      ) : null}
    </section>
  );
}
