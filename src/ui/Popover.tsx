import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Dialog as AriaDialog } from 'react-aria-components/Dialog';
import { Popover as AriaPopover, type Placement } from 'react-aria-components/Popover';
import { PageLocale } from './page-locale.tsx';
import './overlay.css';

interface PopoverProps {
  /** The button that opened it: the popover sits beside it and focus returns to it. */
  triggerRef: RefObject<HTMLElement | null>;
  /** The accessible name of the popover's dialog. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  placement?: Placement;
  className?: string;
  /**
   * The content is a dialog of its own (its role and name) and takes focus only when it asks
   * for it: for a popover opened by hovering its trigger, which must not pull focus away from
   * where the person is typing. `label` then names nothing.
   */
  ownDialog?: boolean;
}

/** The open popovers, the last opened last: Escape anywhere on the page closes the top one. */
const openStack: Array<{ close: () => void; holds: (node: Node | null) => boolean }> = [];
let escapeListening = false;

function onPageEscape(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  const top = openStack.at(-1);
  // Focus inside it: react-aria has it (and closes it itself).
  if (!top || top.holds(document.activeElement)) return;
  top.close();
}

/**
 * Escape closes the popover even where focus is not in it (issue 33 item 6): one opened by
 * hovering its trigger (the market list) leaves focus where it was, and react-aria hears Escape
 * only inside the popover.
 */
function useEscapeAnywhere(onClose: () => void): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const entry = { close: () => close.current(), holds: (node: Node | null) => !!node && !!ref.current?.contains(node) };
    openStack.push(entry);
    if (!escapeListening) {
      document.addEventListener('keydown', onPageEscape);
      escapeListening = true;
    }
    return () => {
      openStack.splice(openStack.indexOf(entry), 1);
      if (openStack.length === 0) {
        document.removeEventListener('keydown', onPageEscape);
        escapeListening = false;
      }
    };
  }, []);
  return ref;
}

/**
 * The page's one popover (react-aria-components Popover + Dialog), open while rendered: placed
 * beside its trigger (flipping at the viewport's edges, mirrored right to left), focus moves in
 * and Tab stays inside, Escape or focus moving elsewhere closes it, and focus goes back to the
 * trigger. Non-modal: the page around stays usable (a chart can be dragged with the display
 * options open). A press on the trigger is left to the trigger, which toggles.
 */
export function Popover({ triggerRef, label, onClose, children, placement = 'bottom start', className, ownDialog = false }: PopoverProps) {
  const popoverRef = useEscapeAnywhere(onClose);
  return (
    <PageLocale>
      <AriaPopover
        ref={popoverRef as RefObject<HTMLElement>}
        triggerRef={triggerRef}
        isOpen
        isNonModal
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        shouldCloseOnInteractOutside={(el) => !triggerRef.current?.contains(el)}
        placement={placement}
        className={className ? `popover ${className}` : 'popover'}
      >
        {ownDialog ? (
          children
        ) : (
          <AriaDialog aria-label={label} className="popover__dialog">
            {children}
          </AriaDialog>
        )}
      </AriaPopover>
    </PageLocale>
  );
}
