import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';

const SupportChat = lazy(() => import('./SupportChat.tsx').then((m) => ({ default: m.SupportChat })));

/** The footer's customer-service button (spec 2.16): opens the support bot. */
export function SupportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="footer-bar__button" onClick={() => setOpen(true)}>
        {t('support.open')}
      </button>
      {open ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <SupportChat onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
