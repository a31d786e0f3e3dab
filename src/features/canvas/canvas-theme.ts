import { themeFor } from '../../render/theme.ts';
import { swapUpDown } from '../../state/market/book-view.ts';
import { computed } from '../../state/signals.ts';

/** The canvases' palette, following the page's up/down colour swap. */
export const canvasTheme = computed(() => themeFor(swapUpDown.value));
