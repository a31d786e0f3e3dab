import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { I18nProvider } from 'react-aria-components/I18nProvider';

/**
 * react-aria-components take direction (placement start/end, arrow keys) and their own few
 * strings from the page's language (i18next's, which main.tsx sets from the path before the
 * first render; RouteSwitch writes it on <html lang dir> only after it), not from the browser's.
 */
export function PageLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <I18nProvider locale={i18n.language || document.documentElement.lang || 'en'}>{children}</I18nProvider>;
}
