import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rewardsHubAllowed } from '../../core/rewards-hub.ts';
import { complianceConfig, complianceKnown } from '../../state/market/compliance.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn, user, userKnown } from '../../state/account/user.ts';

const RewardsPopover = lazy(() => import('./RewardsPopover.tsx').then((m) => ({ default: m.RewardsPopover })));

/** The footer's rewards-hub widget (spec 2.16): its button, and the tasks popover while open. */
export function RewardsHub() {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const u = user.value;
  if (!userKnown.value || !complianceKnown.value) return null;
  if (!rewardsHubAllowed(complianceConfig.value, { loggedIn: isLoggedIn.value, isDemo: u.isDemoAccount, isEAA: u.isEAA })) return null;
  return (
    <>
      <button ref={buttonRef} type="button" className="footer-bar__button" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((v) => !v)}>
        {t('rewards.open')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <RewardsPopover triggerRef={buttonRef} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
