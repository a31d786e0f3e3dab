import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialogButton } from '../../ui/LazyDialogButton.tsx';

const SupportChat = lazy(() => import('./SupportChat.tsx').then((m) => ({ default: m.SupportChat })));

/** The footer's customer-service button (spec 2.16): opens the support bot. */
export function SupportButton() {
  const { t } = useTranslation();
  return (
    <LazyDialogButton dialog={SupportChat} className="footer-bar__button">
      {t('support.open')}
    </LazyDialogButton>
  );
}
