import { useTranslation } from 'react-i18next';
import { useSignals } from '../../state/signals.ts';
import { closeUpgradeDialog, confirmUpgrade, UPGRADE_FAIL_LIABILITIES, UPGRADE_FAIL_OPEN_ORDERS, upgradeDialog } from '../../state/account/uta-upgrade.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** The exchange's FAIL reasons the page says in the reader's language; others as the exchange wrote them. */
const REASON_KEYS: Record<string, string> = {
  [UPGRADE_FAIL_OPEN_ORDERS]: 'utaUpgrade.reason.openOrders',
  [UPGRADE_FAIL_LIABILITIES]: 'utaUpgrade.reason.liabilities',
};

/** Spec 4.14: the upgrade dialog: 0 asks, 1 in progress, 3 failed with the reasons or the code list. */
export function UpgradeDialog() {
  useSignals();
  const { t } = useTranslation();
  const d = upgradeDialog.value;
  if (!d) return null;
  const close = <Button onClick={closeUpgradeDialog}>{t('utaUpgrade.close')}</Button>;
  if (d.status === 1) {
    return (
      <Dialog title={t('utaUpgrade.title')} onClose={closeUpgradeDialog} actions={close}>
        <div className="uta-dialog" data-status="1">
          <Spinner label={t('utaUpgrade.inProgress')} />
          <p>{t('utaUpgrade.inProgressBody')}</p>
        </div>
      </Dialog>
    );
  }
  if (d.status === 3) {
    return (
      <Dialog title={t('utaUpgrade.failedTitle')} onClose={closeUpgradeDialog} actions={close}>
        <div className="uta-dialog" data-status="3">
          <p role="alert">{t('utaUpgrade.failed')}</p>
          <ul className="uta-dialog__list">
            {d.reasons.map((r) => (
              <li key={r}>{REASON_KEYS[r] ? t(REASON_KEYS[r]) : r}</li>
            ))}
            {d.codes.map((c, i) => (
              <li key={`${c}-${i}`}>{t('utaUpgrade.errorCode', { code: c })}</li>
            ))}
          </ul>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t('utaUpgrade.title')}
      onClose={closeUpgradeDialog}
      actions={
        <>
          <Button onClick={closeUpgradeDialog}>{t('utaUpgrade.cancel')}</Button>
          <Button variant="primary" onClick={() => void confirmUpgrade()} disabled={d.busy}>
            {d.busy ? t('utaUpgrade.upgrading') : t('utaUpgrade.confirm')}
          </Button>
        </>
      }
    >
      <div className="uta-dialog" data-status="0">
        <p>{t('utaUpgrade.intro')}</p>
        <ul className="uta-dialog__list">
          <li>{t('utaUpgrade.point.balances')}</li>
          <li>{t('utaUpgrade.point.orders')}</li>
          <li>{t('utaUpgrade.point.irreversible')}</li>
        </ul>
      </div>
    </Dialog>
  );
}
