// The one module that imports @preact/signals-react; everything else imports from here.
export { signal, computed, effect, batch, untracked } from '@preact/signals-react';
export type { Signal, ReadonlySignal } from '@preact/signals-react';
export { useSignals } from '@preact/signals-react/runtime';
