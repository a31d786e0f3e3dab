// Spec 5.13: the page's main dialogs (the standard-account alert, the upgrade entry tip) wait while
// a risk, disclaimer, KYC-rule or upgrade-guide dialog is showing. Those dialogs hold the signal
// while they are open; the main ones read `blockingDialogShown`.
import { computed, signal } from './signals.ts';

export type BlockingDialog = 'risk' | 'disclaimer' | 'kycRule' | 'upgradeGuide';

const held = signal<ReadonlyMap<BlockingDialog, number>>(new Map());

/** True while at least one blocking dialog is open. */
export const blockingDialogShown = computed(() => held.value.size > 0);

/** Marks one blocking dialog open; the returned function marks it closed again (once). */
export function holdBlockingDialog(kind: BlockingDialog): () => void {
  const add = (d: number) => {
    const next = new Map(held.peek());
    const n = (next.get(kind) ?? 0) + d;
    if (n > 0) next.set(kind, n);
    else next.delete(kind);
    held.value = next;
  };
  add(1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    add(-1);
  };
}
