import { MOBILE_MAX_WIDTH, RESIZE_THROTTLE_MS } from '../core/constants.ts';

export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH;

/** Leading and trailing throttle: runs at once, then at most once per `ms` with the last call. */
export function throttle(fn: () => void, ms: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const now = Date.now();
    const wait = last + ms - now;
    if (wait <= 0) {
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}

/**
 * Spec 2.1: the variant is chosen once at load; crossing 500 px reloads the page so the other
 * variant starts clean. Returns the variant chosen now and a function that stops listening.
 */
export function watchViewportVariant(reload: () => void = () => window.location.reload()): { mobile: boolean; stop: () => void } {
  const mobile = isMobileWidth(window.innerWidth);
  const onResize = throttle(() => {
    if (isMobileWidth(window.innerWidth) !== mobile) reload();
  }, RESIZE_THROTTLE_MS);
  window.addEventListener('resize', onResize);
  return { mobile, stop: () => window.removeEventListener('resize', onResize) };
}
