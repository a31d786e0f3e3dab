import { useTranslation } from 'react-i18next';
import { closeCopyTradingBanner } from '../../state/account/account-alerts.ts';

/** Spec 5.13, 6: copy trading is off on spot for a new leader (logged in, unified). */
export function CopyTradingBanner() {
  const { t } = useTranslation();
  return (
    <div className="copy-banner" role="region" aria-label={t('copyTradingBanner.label')}>
      <p>{t('copyTradingBanner.body')}</p>
      <button type="button" className="btn btn--link" onClick={closeCopyTradingBanner}>
        {t('copyTradingBanner.close')}
      </button>
    </div>
  );
}
