import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignals } from '../../state/signals.ts';
import { userPrefs } from '../../state/account/user-prefs.ts';
import { DCP_DEFAULT_S, DCP_PAGE_MAX_S, DCP_PAGE_MIN_S, dcpOn, dcpWindow, loadDcp, setDcp } from '../../state/trading/dcp.ts';
import { Button } from '../../ui/Button.tsx';
import './dcp.css';

/**
 * Cancel on disconnect (issue 35 item 4, Bybit's disconnection protection): a switch and the window
 * in seconds. Saved on the exchange; the line under it says what the exchange holds, never what
 * was only asked for.
 */
export function DcpSetting() {
  useSignals();
  const { t } = useTranslation();
  const id = useId();
  const on = dcpOn.value;
  const held = dcpWindow.value;
  const loaded = userPrefs.value !== null && held !== undefined;
  const [wantOn, setWantOn] = useState(on);
  const [seconds, setSeconds] = useState(String(held ?? DCP_DEFAULT_S));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => void loadDcp(), []);
  // What the exchange holds, once read (and after each save).
  useEffect(() => setWantOn(on), [on]);
  useEffect(() => {
    if (held !== undefined) setSeconds(String(held ?? DCP_DEFAULT_S));
  }, [held]);

  const changed = wantOn !== on || (wantOn && seconds !== String(held ?? DCP_DEFAULT_S));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await setDcp(wantOn, Number(seconds));
    setBusy(false);
    if (!r.ok) setError(r.message ?? t(r.key, { min: DCP_PAGE_MIN_S, max: DCP_PAGE_MAX_S }));
  };

  return (
    <form className="dcp-setting" noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} data-testid="dcp-setting">
      <label className="header-settings__item">
        <input type="checkbox" role="switch" checked={wantOn} disabled={!loaded || busy} onChange={(e) => setWantOn(e.target.checked)} />
        <span id={`${id}-title`}>{t('dcp.title')}</span>
      </label>
      <p className="dcp-setting__hint">{t('dcp.hint')}</p>
      <label className="dcp-setting__window">
        <span>{t('dcp.window')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={DCP_PAGE_MIN_S}
          max={DCP_PAGE_MAX_S}
          step={1}
          value={seconds}
          disabled={!loaded || busy || !wantOn}
          onChange={(e) => setSeconds(e.target.value)}
        />
        <span>{t('dcp.seconds')}</span>
      </label>
      <div className="dcp-setting__row">
        <Button type="submit" disabled={!loaded || busy || !changed}>
          {busy ? t('dcp.saving') : t('dcp.save')}
        </Button>
        <span role="status" className="dcp-setting__state">
          {!loaded ? t('dcp.loading') : on ? t('dcp.stateOn', { seconds: String(held ?? DCP_DEFAULT_S) }) : t('dcp.stateOff')}
        </span>
      </div>
      {error ? (
        <p role="alert" className="dcp-setting__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
