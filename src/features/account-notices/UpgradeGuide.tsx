import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdBlockingDialog } from '../../state/blocking-dialogs.ts';
import { readUpgradeGuide } from '../../state/account/uta-upgrade.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** Spec 4.14: the user guide once after a successful upgrade; a blocking dialog (5.13) while open. */
export function UpgradeGuide() {
  const { t } = useTranslation();
  useEffect(() => holdBlockingDialog('upgradeGuide'), []);
  const done = () => void readUpgradeGuide();
  return (
    <Dialog
      title={t('utaUpgrade.guide.title')}
      onClose={done}
      actions={
        <Button variant="primary" onClick={done}>
          {t('utaUpgrade.guide.done')}
        </Button>
      }
    >
      <ul className="uta-dialog__list">
        <li>{t('utaUpgrade.guide.wallet')}</li>
        <li>{t('utaUpgrade.guide.orders')}</li>
        <li>{t('utaUpgrade.guide.features')}</li>
      </ul>
    </Dialog>
  );
}
