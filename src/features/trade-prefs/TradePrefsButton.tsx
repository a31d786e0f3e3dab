import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../state/account/user.ts';
import { useSignals } from '../../state/signals.ts';
import './trade-prefs.css';

// The popover's code loads when it first opens.
const TradePrefsPopover = lazy(() => import('./TradePrefsPopover.tsx').then((m) => ({ default: m.TradePrefsPopover })));

/** The order form's trade-preferences button (spec 2.18, 5.13), for a logged-in user. */
export function TradePrefsButton() {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  if (!isLoggedIn.value) return null;
  return (
    <div className="trade-prefs">
      <button ref={ref} type="button" className="trade-prefs__button" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((v) => !v)}>
        {t('tradePrefs.title')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TradePrefsPopover triggerRef={ref} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
