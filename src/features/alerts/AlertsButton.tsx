import { lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimalIn } from '../../core/format.ts';
import { useSignals } from '../../state/signals.ts';
import { activeCount, alerts, firedText, onAlertFired, type Alert } from '../../state/trading/alerts.ts';
import { LazyDialogButton } from '../../ui/LazyDialogButton.tsx';

const AlertsDialog = lazy(() => import('./AlertsDialog.tsx').then((m) => ({ default: m.AlertsDialog })));

/**
 * The header's Alerts entry (issue 35 item 3): how many alerts wait to fire, opening the alerts
 * dialog. While it is mounted (someone is logged in), each alert this tab sees fire also becomes a
 * system notification when the user allowed them; one tag per alert, so several tabs show one.
 */
export function AlertsButton() {
  useSignals();
  const { t, i18n } = useTranslation();
  const translate = useRef({ t, lng: i18n.language });
  translate.current = { t, lng: i18n.language };
  useEffect(
    () =>
      onAlertFired((a: Alert) => {
        if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
        const { t: tr, lng } = translate.current;
        const { key, params, amounts } = firedText(a);
        const written = Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, formatDecimalIn(v, lng)]));
        try {
          new Notification(tr('alerts.firedTitle'), { body: tr(key, { ...params, ...written }), tag: `alert-${a.alertId}` });
        } catch {
          // A browser that allows notifications only from a service worker: the toast still says it.
        }
      }),
    [],
  );
  const waiting = activeCount(alerts.value);
  return (
    <LazyDialogButton dialog={AlertsDialog} className="btn btn--link">
      {t('alerts.open')}
      {waiting > 0 ? (
        <span className="exchange-header__badge" aria-label={t('alerts.waitingCount', { n: formatDecimalIn(String(waiting), i18n.language) })}>
          {formatDecimalIn(String(waiting), i18n.language)}
        </span>
      ) : null}
    </LazyDialogButton>
  );
}
