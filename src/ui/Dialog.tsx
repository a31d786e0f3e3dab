import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading } from 'react-aria-components/Dialog';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { PageLocale } from './page-locale.tsx';
import './overlay.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom. */
  actions?: ReactNode;
  /** An accessible name for a × button in the title bar; none without it. */
  closeLabel?: string;
  /** Wider than the default (tables). */
  wide?: boolean;
  /** A bottom sheet across the screen (the phone's order form) instead of a centred box. */
  sheet?: boolean;
  /**
   * Where the dialog is placed (default: the page's body). A full-screen element shows nothing
   * outside itself, so a dialog meant to be seen there goes inside it.
   */
  container?: Element;
}

/**
 * The page's one modal dialog (react-aria-components Modal + Dialog): labelled by its title,
 * focus moves in and is trapped there, the page behind is inert to assistive technology, Escape
 * and a click outside close it, and focus goes back to whatever opened it. The caller owns
 * whether it exists: it is open while rendered.
 */
export function Dialog({ title, onClose, children, actions, closeLabel, wide, sheet, container }: DialogProps) {
  return (
    <PageLocale>
      <ModalOverlay
        isOpen
        isDismissable
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className={sheet ? 'dialog-backdrop dialog-backdrop--sheet' : 'dialog-backdrop'}
        {...(container ? { UNSTABLE_portalContainer: container } : {})}
      >
        <Modal className="dialog-modal">
          <AriaDialog className={sheet ? 'dialog dialog--sheet' : wide ? 'dialog dialog--wide' : 'dialog'}>
            <div className="dialog__head">
              <Heading slot="title" className="dialog__title">
                {title}
              </Heading>
              {closeLabel ? (
                <button type="button" className="dialog__close" aria-label={closeLabel} onClick={onClose}>
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </div>
            <div className="dialog__body">{children}</div>
            {actions ? <div className="dialog__actions">{actions}</div> : null}
          </AriaDialog>
        </Modal>
      </ModalOverlay>
    </PageLocale>
  );
}
