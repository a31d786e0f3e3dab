import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../core/decimal.ts';
import { formatDecimalIn } from '../../core/format.ts';
import { DEMO_COINS, DEMO_MONEY_CAPS, rechargeDemo, recharging, type DemoCoin } from '../../state/account/demo-money.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import './demo-recharge.css';

/** The places the exchange takes in amountStr, for every demo coin. */
const DEMO_AMOUNT_PLACES = 8;
/** Plain decimals only: what the exchange takes as amountStr. */
const DECIMAL = new RegExp(`^\\d{1,12}(\\.\\d{1,${DEMO_AMOUNT_PLACES}})?$`);
/** A plain decimal with more places than that: said as such, not as out of range (sixth walkthrough). */
const TOO_MANY_PLACES = new RegExp(`^\\d{1,12}\\.\\d{${DEMO_AMOUNT_PLACES + 1},}$`);

/**
 * Asks the exchange for demo funds of one coin, at most its per-request cap. The dialog closes
 * when the exchange applied them; any refusal is said by the toast (spec 8) and the form stays.
 */
export function DemoRechargeDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const [coin, setCoin] = useState<DemoCoin>('USDT');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const cap = DEMO_MONEY_CAPS[coin];
  const value = DECIMAL.test(amount) ? parseAmount(amount) : undefined;
  const valid = value !== undefined && value > 0n && value <= parseAmount(cap)!;
  const busy = recharging.value;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    void rechargeDemo(coin, amount).then((ok) => {
      if (ok) onClose();
    });
  };
  const showError = touched && amount !== '' && !valid;
  // The cap in the page's language (grouped: "100,000"), not the raw string.
  const max = formatDecimalIn(cap, i18n.language, DEMO_AMOUNT_PLACES);
  const error = TOO_MANY_PLACES.test(amount) ? t('demoRecharge.tooManyPlaces', { coin, places: String(DEMO_AMOUNT_PLACES) }) : t('demoRecharge.invalid', { max, coin });
  return (
    <Dialog
      title={t('demoRecharge.title')}
      onClose={onClose}
      closeLabel={t('demoRecharge.close')}
      actions={
        <>
          <Button onClick={onClose}>{t('demoRecharge.cancel')}</Button>
          <Button variant="primary" type="submit" form="demo-recharge-form" disabled={busy} aria-busy={busy}>
            {t('demoRecharge.submit')}
          </Button>
        </>
      }
    >
      <form id="demo-recharge-form" className="demo-recharge" onSubmit={submit} noValidate>
        <label className="demo-recharge__field">
          <span>{t('demoRecharge.coin')}</span>
          <select value={coin} onChange={(e) => setCoin(e.target.value as DemoCoin)}>
            {DEMO_COINS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="demo-recharge__field">
          <span>{t('demoRecharge.amount')}</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            onBlur={() => setTouched(true)}
            aria-invalid={showError}
            aria-describedby="demo-recharge-hint"
          />
        </label>
        <p id="demo-recharge-hint" className={showError ? 'demo-recharge__hint demo-recharge__hint--error' : 'demo-recharge__hint'}>
          {showError ? error : t('demoRecharge.hint', { max, coin })}
        </p>
      </form>
    </Dialog>
  );
}
