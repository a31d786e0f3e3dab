import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrashProbe } from '../features/crash-probe/CrashProbe.tsx';
import { ErrorBoundary } from './ErrorBoundaries.tsx';
import { clearCrash, DEBUG_HOOKS } from '../state/debug.ts';

interface Props {
  /** A stable name: the CSS grid area, the test hook and the crash-probe key. */
  name: string;
  /** Translation key of the region's accessible name. */
  labelKey: string;
  children?: ReactNode;
  /** The grid place it sits in when the person moved it (issue 36 item 3); its own by default. */
  place?: string;
}

/** A layout region of the page; each one has its own error boundary so one widget cannot take the page down. */
export function Region({ name, labelKey, children, place }: Props) {
  const { t } = useTranslation();
  return (
    <section className={`region region--${name}`} aria-label={t(labelKey)} data-region={name} style={place && place !== name ? { gridArea: place } : undefined}>
      <ErrorBoundary name={name} onReset={() => clearCrash(name)}>
        {DEBUG_HOOKS ? <CrashProbe region={name} /> : null}
        {children}
      </ErrorBoundary>
    </section>
  );
}
