import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import './workspace.css';

// The header shows before the order book's first rows: the popover's code (react-aria's overlay and
// its locale data, about 30 kB compressed) loads when it opens, not in the first load (issue 37 item 4).
const WorkspacePanel = lazy(() => import('./WorkspacePanel.tsx').then((m) => ({ default: m.WorkspacePanel })));

/** Issue 36 item 3: the desktop page's layout button; its popover shows, hides and moves panels, resets, and keeps named layouts. */
export function WorkspaceButton({ locale, base, quote }: { locale: Locale; base: string; quote: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <div className="workspace">
      <button ref={ref} type="button" className="workspace__button" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((v) => !v)}>
        {t('workspace.title')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <WorkspacePanel locale={locale} base={base} quote={quote} triggerRef={ref} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
