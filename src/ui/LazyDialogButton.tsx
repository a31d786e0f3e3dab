import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPlaceholder } from './DialogPlaceholder.tsx';

/**
 * A button that opens a dialog whose code loads on first open (pass a `React.lazy` component):
 * the placeholder stands in while it loads, and the dialog exists only while it is open.
 */
export function LazyDialogButton({ dialog: Dialog, className, children }: { dialog: ComponentType<{ onClose: () => void }>; className: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </button>
      {open ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <Dialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
