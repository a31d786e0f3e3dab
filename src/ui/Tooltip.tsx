import { useAriaParts } from './aria-loader.ts';
import type { HintProps } from './aria-parts.tsx';

/**
 * The page's one hover/focus hint for a control that shows an icon instead of words
 * (react-aria-components TooltipTrigger + Tooltip, aria-parts.tsx): on hover after a short delay,
 * on keyboard focus at once, the trigger's description while it shows. `text` is translated by
 * the caller; the trigger keeps its own accessible name (aria-label). Until the page has loaded
 * the react-aria parts (aria-loader.ts) the trigger shows alone.
 */
export function Tooltip(props: HintProps) {
  const parts = useAriaParts();
  return parts ? <parts.AriaHint {...props} /> : props.children;
}
