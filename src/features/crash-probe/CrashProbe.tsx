import { useSignals } from '../../state/signals.ts';
import { crashRequest } from '../../state/debug.ts';

/** Throws while a tester asks this region to crash (window.__spotDebug.crash(region)). */
export function CrashProbe({ region }: { region: string }) {
  useSignals();
  if (crashRequest.value === region) throw new Error(`requested crash of region ${region}`);
  return null;
}
