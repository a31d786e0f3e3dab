import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignals } from '../../state/signals.ts';
import { dismissToast, toasts, type Toast } from '../../state/toasts.ts';
import { successSound } from '../../state/trading-session.ts';
import { ToastList, type ToastView } from '../../ui/Toast.tsx';

const BEEP_HZ = 880;
const BEEP_S = 0.12;

/** A short tone for pushed successes when the user asked for sound (successAudio); no asset to load. */
function beep(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = BEEP_HZ;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + BEEP_S);
    osc.onended = () => void ctx.close();
  } catch {
    // No audio device or autoplay refused: the toast still says it.
  }
}

/** Shows the trading toasts (translated here; server messages as plain text) and plays the success sound. */
export function TradeToasts() {
  useSignals();
  const { t } = useTranslation();
  const sound = successSound.value;
  useEffect(() => {
    if (sound > 0) beep();
  }, [sound]);
  const translated = (keys: Record<string, string> | undefined) => Object.fromEntries(Object.entries(keys ?? {}).map(([k, key]) => [k, t(key)]));
  const view = (x: Toast): ToastView => ({
    id: x.id,
    kind: x.kind,
    title: x.titleKey ? t(x.titleKey) : undefined,
    message: x.text ?? (x.key ? t(x.key, { ...x.params, ...translated(x.tParams), ...(x.count !== undefined ? { count: x.count } : {}) }) : ''),
  });
  return <ToastList items={toasts.value.map(view)} onDismiss={dismissToast} dismissLabel={t('orders.dismiss')} />;
}
