// What the tool forms share: the side choice, and running a confirmed request with its busy state.
import { useTranslation } from 'react-i18next';

export function SideChoice({ name, side, onChange }: { name: string; side: 'Buy' | 'Sell'; onChange: (s: 'Buy' | 'Sell') => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="tool-form__choice">
      <legend>{t('scaledTool.side')}</legend>
      {(['Buy', 'Sell'] as const).map((s) => (
        <label key={s}>
          <input type="radio" name={name} checked={side === s} onChange={() => onChange(s)} />
          {t(s === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Sends a confirmed tool request: busy while it runs, then the exchange's answer or its refusal's
 * message goes to the form's result (the page says only what the exchange said).
 */
export async function runTool<T>(setBusy: (b: boolean) => void, send: () => Promise<T>, done: (r: T) => void, fail: (reason: string) => void): Promise<void> {
  setBusy(true);
  try {
    done(await send());
  } catch (err) {
    fail((err as Error).message);
  } finally {
    setBusy(false);
  }
}
