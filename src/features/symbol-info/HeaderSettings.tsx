import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setSwapUpDown, swapUpDown } from '../../state/book-view.ts';
import { useSignals } from '../../state/signals.ts';

/** The header's settings popover: for now the up/down colour swap (spec 9: up green, down red, swappable). */
export function HeaderSettings() {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  return (
    <div className="header-settings" onBlur={onBlur} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="market-header__action header-settings__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('header.settings')}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      {open ? (
        <div id={panelId} className="header-settings__panel" role="group" aria-label={t('header.settings')}>
          <label className="header-settings__item">
            <input type="checkbox" role="switch" checked={swapUpDown.value} onChange={(e) => setSwapUpDown(e.target.checked)} />
            <span>{t('header.swapColors')}</span>
            <span className="header-settings__swatch" aria-hidden="true">
              <span className="num--up">▲</span>
              <span className="num--down">▼</span>
            </span>
          </label>
        </div>
      ) : null}
    </div>
  );
}
