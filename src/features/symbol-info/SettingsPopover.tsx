import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { setSwapUpDown, swapUpDown } from '../../state/book-view.ts';
import { useSignals } from '../../state/signals.ts';
import { Popover } from '../../ui/Popover.tsx';

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** The header's settings popover: for now the up/down colour swap (spec 9: up green, down red, swappable). */
export function SettingsPopover({ triggerRef, onClose }: Props) {
  useSignals();
  const { t } = useTranslation();
  return (
    <Popover triggerRef={triggerRef} label={t('header.settings')} onClose={onClose} placement="bottom end">
      <label className="header-settings__item">
        <input type="checkbox" role="switch" checked={swapUpDown.value} onChange={(e) => setSwapUpDown(e.target.checked)} />
        <span>{t('header.swapColors')}</span>
        <span className="header-settings__swatch" aria-hidden="true">
          <span className="num--up">▲</span>
          <span className="num--down">▼</span>
        </span>
      </label>
    </Popover>
  );
}
