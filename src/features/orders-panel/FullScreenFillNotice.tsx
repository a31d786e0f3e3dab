import { lazy, Suspense, useEffect, useState } from 'react';
import { clearFullScreenFills, fullScreenFills } from '../../state/trading/full-screen-fills.ts';
import { useSignals } from '../../state/signals.ts';

// The dialog (and react-aria's modal code) loads when a fill first comes in full screen.
const FullScreenFillDialog = lazy(() => import('./FullScreenFillDialog.tsx').then((m) => ({ default: m.FullScreenFillDialog })));

/** The element shown full screen, or null; follows fullscreenchange. */
function useFullScreenElement(): Element | null {
  const [el, setEl] = useState<Element | null>(() => (typeof document !== 'undefined' ? document.fullscreenElement : null));
  useEffect(() => {
    const sync = () => {
      setEl(document.fullscreenElement);
      // Back from full screen the toasts show again; the notice is not needed any more.
      if (!document.fullscreenElement) clearFullScreenFills();
    };
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  return el;
}

/** Spec 2.7: the full-screen notice dialog, while an element is full screen and fills came in meanwhile. */
export function FullScreenFillNotice() {
  useSignals();
  const screen = useFullScreenElement();
  if (!screen || fullScreenFills.value.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <FullScreenFillDialog screen={screen} />
    </Suspense>
  );
}
