import { swapUpDown } from '../../state/market/book-view.ts';
import { effect } from '../../state/signals.ts';

/** The attribute market-header.css keys the swapped --up/--down values on. */
export const SWAP_ATTRIBUTE = 'data-swap-up-down';

/**
 * Keeps the page's CSS colours (--up/--down) in step with the canvases' theme, which reads the
 * same signal. Returns the disposer. The attribute is left in place on dispose on purpose: it
 * mirrors a page-wide preference, and a header unmounting (the Tools tab) must not recolour the rest.
 */
export function followColorSwap(root: HTMLElement): () => void {
  return effect(() => {
    root.toggleAttribute(SWAP_ATTRIBUTE, swapUpDown.value);
  });
}
