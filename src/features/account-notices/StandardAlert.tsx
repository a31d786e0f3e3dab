import { useTranslation } from 'react-i18next';
import { dismissStandardAlert } from '../../state/account/account-alerts.ts';
import { useSignals } from '../../state/signals.ts';
import { openUpgradeDialog, upgradeEntryShown } from '../../state/account/uta-upgrade.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { STANDARD_PHASE_OUT_ARTICLE_PATH } from '../../core/routes.ts';

/** Spec 5.13: classic accounts are going offline; closing it keeps it away for 7 days. */
export function StandardAlert() {
  useSignals();
  const { t } = useTranslation();
  const later = () => void dismissStandardAlert();
  const upgrade = () => {
    void dismissStandardAlert();
    openUpgradeDialog();
  };
  return (
    <Dialog
      title={t('standardAlert.title')}
      onClose={later}
      actions={
        <>
          <Button onClick={later}>{t('standardAlert.later')}</Button>
          {upgradeEntryShown.value ? (
            <Button variant="primary" onClick={upgrade}>
              {t('standardAlert.upgrade')}
            </Button>
          ) : null}
        </>
      }
    >
      <p>{t('standardAlert.body')}</p>
      {/* Spec 2.17: the article about the phase-out (on the real exchange; the local one says where it would go). */}
      <p>
        <a href={STANDARD_PHASE_OUT_ARTICLE_PATH} target="_blank" rel="noopener noreferrer">
          {t('standardAlert.article')}
        </a>
      </p>
    </Dialog>
  );
}
