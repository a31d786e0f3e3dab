import { useTranslation } from 'react-i18next';
import { pageOnline } from '../../state/page-status.ts';
import { useSignals } from '../../state/signals.ts';

/** Spec 4.17: while the browser is offline, a small notice says so (reads wait until it is back). */
export function OfflineNotice() {
  useSignals();
  const { t } = useTranslation();
  if (pageOnline.value) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      {t('pageStatus.offline')}
    </div>
  );
}
