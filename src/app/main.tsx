import './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n/setup.ts';
import { matchLocale } from '../core/locale.ts';
import { loadSymbols } from '../state/market/markets.ts';
import { startOpenPriceSync } from '../state/account/open-prices.ts';
import { followAccountSwitches, refreshUser } from '../state/account/user.ts';
import { App } from './App.tsx';
import { fallbackLocale } from './RouteSwitch.tsx';
import { watchViewportVariant } from './viewport.ts';
import './styles.css';

async function start(): Promise<void> {
  const first = window.location.pathname.split('/')[1];
  const locale = matchLocale(first) ?? fallbackLocale();
  // Market data and the user load while translations do.
  void loadSymbols();
  void refreshUser();
  followAccountSwitches();
  // Spec 6: a login fetches the user's time zone and that day's open prices.
  startOpenPriceSync();
  const { mobile } = watchViewportVariant();
  await initI18n(locale);
  // Test and dev builds only: imported, not bundled, so that production's first load does not carry
  // what the hooks read (the order lists' state) just because a static import keeps it alive.
  if (__DEBUG_HOOKS__) (await import('./debug-hooks.ts')).installDebugHooks();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  document.getElementById('boot')?.remove();
  createRoot(root).render(
    <StrictMode>
      <App mobile={mobile} />
    </StrictMode>,
  );
}

void start();
