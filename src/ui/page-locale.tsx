import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components/I18nProvider';

/**
 * react-aria-components take direction (placement start/end, arrow keys) and their own few
 * strings from the page's language, which RouteSwitch writes on <html lang dir>, not from the
 * browser's.
 */
export function PageLocale({ children }: { children: ReactNode }) {
  return <I18nProvider locale={document.documentElement.lang || 'en'}>{children}</I18nProvider>;
}
