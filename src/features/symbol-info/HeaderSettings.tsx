import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The header shows before the order book's first rows: the popover's code loads when it opens.
const SettingsPopover = lazy(() => import('./SettingsPopover.tsx').then((m) => ({ default: m.SettingsPopover })));

/** The header's settings button; its popover (the up/down colour swap) exists only while open. */
export function HeaderSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="header-settings">
      <button
        ref={buttonRef}
        type="button"
        className="market-header__action header-settings__button"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={t('header.settings')}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SettingsPopover triggerRef={buttonRef} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
