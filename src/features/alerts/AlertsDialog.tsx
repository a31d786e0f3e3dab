import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { isPositiveDecimal } from '../../core/decimal.ts';
import { formatDecimalIn } from '../../core/format.ts';
import { user } from '../../state/account/user.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { pairName, symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import {
  ALERT_KINDS, MOVE_MINUTES_MAX, MOVE_MINUTES_MIN, PRICE_ALERT_KINDS, alerts, alertsError, alertSound, createAlertNow, deleteAlertNow, needsPrice,
  notificationState, setAlertSound, showAlerts, type Alert, type AlertCreateRequest, type AlertKind,
} from '../../state/trading/alerts.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import './alerts.css';

const MAX_DECIMAL_LENGTH = 24;
const isDecimal = (s: string) => s.length <= MAX_DECIMAL_LENGTH && isPositiveDecimal(s);

/**
 * The alerts dialog (issue 35 item 3): a form that creates an alert (a price crossing, a % move,
 * or an account event), the account's alerts with their state, each deletable, and whether a
 * fired alert also plays the fill sound. What the exchange refuses is said by the toast.
 */
export function AlertsDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  useEffect(() => showAlerts(), []);
  const u = user.value;
  // A liquidation warning watches spot margin, which only a unified account has.
  const kinds = ALERT_KINDS.filter((k) => k !== 'liqWarning' || u.isUTA);
  const [kind, setKind] = useState<AlertKind>('priceAbove');
  const [symbol, setSymbol] = useState<string>(activeSymbol.peek()?.symbolId ?? '');
  const [price, setPrice] = useState('');
  const [percent, setPercent] = useState('');
  const [minutes, setMinutes] = useState('5');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const priceKind = PRICE_ALERT_KINDS.includes(kind);
  const minutesOk = /^\d{1,3}$/.test(minutes) && Number(minutes) >= MOVE_MINUTES_MIN && Number(minutes) <= MOVE_MINUTES_MAX;
  const percentOk = isDecimal(percent) && Number(percent) <= 100;
  const problem =
    priceKind && symbol === '' ? t('alerts.invalid.pair')
    : needsPrice(kind) && !isDecimal(price) ? t('alerts.invalid.price')
    : kind === 'priceMove' && !percentOk ? t('alerts.invalid.percent')
    : kind === 'priceMove' && !minutesOk ? t('alerts.invalid.minutes', { min: String(MOVE_MINUTES_MIN), max: String(MOVE_MINUTES_MAX) })
    : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    const req: AlertCreateRequest = { kind, ...(symbol ? { symbol } : {}) };
    if (needsPrice(kind)) req.price = price;
    if (kind === 'priceMove') Object.assign(req, { percent, minutes: Number(minutes) });
    setBusy(true);
    void createAlertNow(req).then((ok) => {
      setBusy(false);
      if (ok) {
        setTouched(false);
        setPrice('');
      }
    });
  };
  const list = alerts.value;
  const denied = notificationState.value === 'denied' || notificationState.value === 'unsupported';
  return (
    <Dialog title={t('alerts.title')} onClose={onClose} closeLabel={t('alerts.close')} wide>
      <div className="alerts">
        <form className="alerts__form" onSubmit={submit} noValidate aria-label={t('alerts.newAlert')}>
          <label className="alerts__field">
            <span>{t('alerts.field.kind')}</span>
            <select
              value={kind}
              onChange={(e) => {
                const next = e.target.value as AlertKind;
                setKind(next);
                // A price alert watches one pair: "Any pair" becomes the pair on screen.
                if (PRICE_ALERT_KINDS.includes(next) && symbol === '') setSymbol(activeSymbol.peek()?.symbolId ?? symbolList.peek()[0]?.symbolId ?? '');
              }}
            >
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`alerts.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="alerts__field">
            <span>{t('alerts.field.pair')}</span>
            <select value={symbol} onChange={(e) => setSymbol(e.target.value)}>
              {priceKind ? null : <option value="">{t('alerts.anyPair')}</option>}
              {symbolList.value.map((s) => (
                <option key={s.symbolId} value={s.symbolId}>
                  {pairName(s.symbolId)}
                </option>
              ))}
            </select>
          </label>
          {needsPrice(kind) ? (
            <label className="alerts__field">
              <span>{t('alerts.field.price')}</span>
              <input inputMode="decimal" autoComplete="off" value={price} onChange={(e) => setPrice(e.target.value.trim())} aria-invalid={touched && problem !== null} />
            </label>
          ) : null}
          {kind === 'priceMove' ? (
            <>
              <label className="alerts__field">
                <span>{t('alerts.field.percent')}</span>
                <input inputMode="decimal" autoComplete="off" value={percent} onChange={(e) => setPercent(e.target.value.trim())} aria-invalid={touched && !percentOk} />
              </label>
              <label className="alerts__field">
                <span>{t('alerts.field.minutes')}</span>
                <input inputMode="numeric" autoComplete="off" value={minutes} onChange={(e) => setMinutes(e.target.value.trim())} aria-invalid={touched && !minutesOk} />
              </label>
            </>
          ) : null}
          {/* Never disabled: a focused button that is disabled drops focus out of the dialog (Escape then misses it). */}
          <Button variant="primary" type="submit" aria-busy={busy}>
            {t('alerts.create')}
          </Button>
        </form>
        {touched && problem ? <p className="alerts__hint alerts__hint--error">{problem}</p> : null}
        {denied ? <p className="alerts__hint">{t('alerts.blocked')}</p> : null}
        <label className="alerts__sound">
          <input type="checkbox" checked={alertSound.value} onChange={(e) => setAlertSound(e.target.checked)} />
          {t('alerts.sound')}
        </label>
        {list === null ? (
          <p className="alerts__hint">{alertsError.value ?? t('loading')}</p>
        ) : list.length === 0 ? (
          <p className="alerts__hint">{t('alerts.empty')}</p>
        ) : (
          <ul className="alerts__list" aria-label={t('alerts.yours')}>
            {list.map((a) => {
              const text = describe(a, t, lng);
              return (
                <li key={a.alertId} className="alerts__item">
                  <span>
                    <span>{text}</span>{' '}
                    <span className={a.status === 'fired' ? 'alerts__status alerts__status--fired' : 'alerts__status'}>
                      {a.status === 'fired' ? t('alerts.status.fired', { time: formatDateTimeIn(a.firedTime, lng) }) : t('alerts.status.active')}
                    </span>
                  </span>
                  <Button variant="link" aria-label={t('alerts.delete', { alert: text })} onClick={() => void deleteAlertNow(a.alertId)}>
                    {t('alerts.deleteShort')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

/** One alert as a sentence: what it watches. */
function describe(a: Alert, t: (k: string, o?: Record<string, string>) => string, lng: string): string {
  return t(`alerts.describe.${a.kind}`, {
    pair: a.symbol ? pairName(a.symbol) : t('alerts.anyPair'),
    price: formatDecimalIn(a.price, lng),
    percent: formatDecimalIn(a.percent, lng),
    minutes: formatDecimalIn(String(a.minutes), lng),
  });
}
