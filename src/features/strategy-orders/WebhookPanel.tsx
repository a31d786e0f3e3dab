import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeIn } from '../../core/datetime.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { useSignals } from '../../state/signals.ts';
import { renewWebhook, watchWebhook, webhookError, webhookView, type WebhookAlert } from '../../state/trading/strategies.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Table, type Column } from '../../ui/Table.tsx';

/** Strategy orders' Webhook sub-tab: the account's alert URL and secret, how to sign, the alerts received. */
export function WebhookPanel() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(watchWebhook, []);
  const view = webhookView.value;
  const error = webhookError.value;
  const renew = async () => {
    setBusy(true);
    if (await renewWebhook()) setShown(true);
    setBusy(false);
  };
  if (error) return <p className="orders-empty" role="alert">{error}</p>;
  if (!view) return <Spinner label={t('loading')} />;
  const columns: Column<WebhookAlert>[] = [
    { key: 'time', header: timeHeader(t, t('strategy.time')), cell: (a) => formatTimeIn(a.receivedAt, i18n.language) },
    { key: 'id', header: t('webhook.alertId'), cell: (a) => a.id },
    { key: 'order', header: t('webhook.order'), cell: (a) => `${a.side} ${a.qty} ${a.symbol}` },
    { key: 'result', header: t('strategy.status'), cell: (a) => (a.status === 'placed' ? t('webhook.placed') : `${t('webhook.refused')}: ${a.msg}`) },
  ];
  return (
    <div className="webhook-panel" data-testid="webhook-panel">
      {view.path ? (
        <dl className="webhook-panel__facts">
          <dt>{t('webhook.url')}</dt>
          <dd>
            <code data-testid="webhook-url">{`${window.location.origin}${view.path}`}</code>
          </dd>
          <dt>{t('webhook.secret')}</dt>
          <dd>
            <code data-testid="webhook-secret">{shown ? view.secret : '••••••••••••'}</code>{' '}
            <Button onClick={() => setShown((v) => !v)}>{shown ? t('webhook.hide') : t('webhook.show')}</Button>
          </dd>
        </dl>
      ) : (
        <p>{t('webhook.none')}</p>
      )}
      <p className="webhook-panel__how">{t('webhook.how')}</p>
      <Button disabled={busy} aria-busy={busy} onClick={() => void renew()}>
        {view.path ? t('webhook.replace') : t('webhook.create')}
      </Button>
      {view.alerts.length === 0 ? (
        <p className="orders-empty">{t('webhook.noAlerts')}</p>
      ) : (
        <Table className="orders-table" label={t('webhook.alerts')} columns={columns} rows={view.alerts} rowKey={(a) => a.id} />
      )}
    </div>
  );
}
