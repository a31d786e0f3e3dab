// The leverage switch (unified accounts only) is fetched as a chunk of its own, after the first
// book row (the first-load budget), and only for a unified account.
import { lazy, Suspense } from 'react';
import { useSignals } from '../../state/signals.ts';
import { user } from '../../state/account/user.ts';

const LeverageSwitch = lazy(() => import('./LeverageSwitch.tsx').then((m) => ({ default: m.LeverageSwitch })));

export function LazyLeverageSwitch({ symbolId }: { symbolId: string }) {
  useSignals();
  if (!user.value.isUTA) return null;
  return (
    <Suspense fallback={null}>
      <LeverageSwitch symbolId={symbolId} />
    </Suspense>
  );
}
