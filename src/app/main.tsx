import './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n/setup.ts';
import { matchLocale } from '../core/locale.ts';
import { loadSymbols } from '../state/markets.ts';
import { refreshUser } from '../state/user.ts';
import { requestCrash } from '../state/debug.ts';
import { setCompliance } from '../state/compliance.ts';
import { scheduler } from '../render/scheduler.ts';
import { canvasWorkerFrames, probeCanvasWorker } from '../render/offscreen/host.ts';
import { App } from './App.tsx';
import { fallbackLocale } from './RouteSwitch.tsx';
import { watchViewportVariant } from './viewport.ts';
import './styles.css';

declare global {
  interface Window {
    /** Hooks for people and browser tests checking error handling; they only affect this tab. */
    __spotDebug?: {
      crash: (region: string) => void;
      setCompliance: typeof setCompliance;
      /** Animation frames in which at least one main-thread canvas was drawn (the browser bench reads it). */
      drawnFrames: () => number;
      /** The same for the canvas worker (order book and tape), null when it is not running. */
      workerDrawnFrames: () => Promise<number | null>;
      /** Records the canvas worker's animation-frame times from `true` to `false` (benchmarks). */
      probeWorkerFrames: (on: boolean) => Promise<number[]>;
    };
  }
}

async function start(): Promise<void> {
  const first = window.location.pathname.split('/')[1];
  const locale = matchLocale(first) ?? fallbackLocale();
  // Market data and the user load while translations do.
  void loadSymbols();
  void refreshUser();
  const { mobile } = watchViewportVariant();
  await initI18n(locale);
  window.__spotDebug = {
    crash: requestCrash,
    setCompliance,
    drawnFrames: () => scheduler.frames,
    workerDrawnFrames: canvasWorkerFrames,
    probeWorkerFrames: probeCanvasWorker,
  };
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
