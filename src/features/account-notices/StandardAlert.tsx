import { useTranslation } from 'react-i18next';
import { dismissStandardAlert } from '../../state/account/account-alerts.ts';
import { useSignals } from '../../state/signals.ts';
import { openUpgradeDialog, upgradeEntryShown } from '../../state/account/uta-upgrade.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

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
    </Dialog>
  );
}
