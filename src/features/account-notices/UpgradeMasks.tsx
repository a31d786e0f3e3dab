import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignals } from '../../state/signals.ts';
import { closeInverseMask, inverseMaskShown, upgradeMaskShown, watchUpgrade } from '../../state/account/uta-upgrade.ts';
import { Spinner } from '../../ui/Spinner.tsx';

/**
 * Spec 4.14: the progress mask while the upgrade runs (over the whole page: the account cannot
 * trade until it is converted), and the inverse upgrade's own mask, which may be closed (spot
 * trading does not wait for inverse contracts).
 */
export function UpgradeMasks() {
  useSignals();
  const { t } = useTranslation();
  const running = upgradeMaskShown.value;
  // The push says when it is done; the account is re-read as well, in case that push was lost.
  useEffect(() => (running ? watchUpgrade() : undefined), [running]);
  if (running) {
    return (
      <div className="uta-mask" role="status" aria-live="polite" data-testid="uta-upgrade-mask">
        <div className="uta-mask__box">
          <Spinner label={t('utaUpgrade.inProgress')} />
          <p>{t('utaUpgrade.maskBody')}</p>
        </div>
      </div>
    );
  }
  if (inverseMaskShown.value) {
    return (
      <div className="uta-mask" role="status" aria-live="polite" data-testid="uta-inverse-mask">
        <div className="uta-mask__box">
          <Spinner label={t('utaUpgrade.inverseInProgress')} />
          <p>{t('utaUpgrade.inverseBody')}</p>
          <button type="button" className="btn btn--primary" onClick={closeInverseMask}>
            {t('utaUpgrade.gotIt')}
          </button>
        </div>
      </div>
    );
  }
  return null;
}
