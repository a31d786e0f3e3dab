import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../ui/Popover.tsx';
import { MarketList } from './MarketList.tsx';

interface Props {
  triggerRef: RefObject<HTMLElement | null>;
  id: string;
  currentSymbolId: string | undefined;
  autoFocusSearch: boolean;
  onChoose: () => void;
  onClose: () => void;
}

/**
 * The market list in the page's popover, beside the thumbnail (flipping at the viewport's
 * edges, mirrored right to left). The list is its own dialog: opened by hovering it leaves
 * focus where it was; opened from the keyboard it focuses its search box. Escape inside it or
 * focus leaving it closes it (onClose).
 */
export function MarketListPopover({ triggerRef, id, currentSymbolId, autoFocusSearch, onChoose, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Popover triggerRef={triggerRef} label={t('header.marketList')} onClose={onClose} className="market-list-popover" ownDialog>
      <MarketList id={id} currentSymbolId={currentSymbolId} autoFocusSearch={autoFocusSearch} onChoose={onChoose} />
    </Popover>
  );
}
