import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountIn, formatDecimalIn } from '../../core/format.ts';
import { useSignals } from '../../state/signals.ts';
import { dismissToast, toasts, type Toast } from '../../state/toasts.ts';
import { successSound } from '../../state/trading/trading-session.ts';
import { alertSoundPlays } from '../../state/trading/alerts.ts';
import { ToastList, type ToastView } from '../../ui/Toast.tsx';

/** Spec 7.5: the sound alert is a static audio file, fetched once and decoded once. */
export const SUCCESS_SOUND_URL = '/sounds/order-success.wav';
let context: AudioContext | null = null;
let sound: Promise<AudioBuffer | null> | null = null;

/** Plays the success sound for pushed successes the user asked to hear (successAudio). */
function playSuccess(): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    sound ??= fetch(SUCCESS_SOUND_URL)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status)))))
      .then((bytes) => ctx.decodeAudioData(bytes))
      .catch(() => null);
    void sound.then((buffer) => {
      if (!buffer) return;
      const src = ctx.createBufferSource();
      src.buffer = buffer;
      src.connect(ctx.destination);
      src.start();
    });
  } catch {
    // No audio device or autoplay refused: the toast still says it.
  }
}

/** Shows the trading toasts (translated here; server messages as plain text) and plays the success sound. */
export function TradeToasts() {
  useSignals();
  const { t, i18n } = useTranslation();
  const plays = successSound.value;
  useEffect(() => {
    if (plays > 0) playSuccess();
  }, [plays]);
  // A fired alert the user wants to hear plays the same file (issue 35 item 3).
  const alertPlays = alertSoundPlays.value;
  useEffect(() => {
    if (alertPlays > 0) playSuccess();
  }, [alertPlays]);
  const translated = (keys: Record<string, string> | undefined) => Object.fromEntries(Object.entries(keys ?? {}).map(([k, key]) => [k, t(key)]));
  const written = (amounts: Record<string, string> | undefined, decimals: Record<string, number> | undefined) =>
    Object.fromEntries(Object.entries(amounts ?? {}).map(([k, v]) => [k, decimals?.[k] === undefined ? formatDecimalIn(v, i18n.language) : formatAmountIn(v, i18n.language, decimals[k]!)]));
  const view = (x: Toast): ToastView => ({
    id: x.id,
    kind: x.kind,
    title: x.titleKey ? t(x.titleKey) : undefined,
    message: x.text ?? (x.key ? t(x.key, { ...x.params, ...written(x.amounts, x.decimals), ...translated(x.tParams), ...(x.count !== undefined ? { count: x.count } : {}) }) : ''),
  });
  return <ToastList items={toasts.value.map(view)} onDismiss={dismissToast} dismissLabel={t('orders.dismiss')} />;
}
