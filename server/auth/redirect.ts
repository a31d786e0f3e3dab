/** A single-slash path: '/' then anything but '/' or '\\', and no backslash or control character anywhere. */
const SINGLE_SLASH_PATH = /^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/;

/**
 * Returns `raw` as a path on this origin, else '/'. The value is checked, normalised as a browser
 * would resolve it (dot segments, percent-encoded dots), and the result checked again: only a
 * single leading '/' followed by something that is not '/' or '\' is a same-origin path (browsers
 * treat '//host' and '/\host' as another origin, and '/.//host' normalises to '//host'); any
 * scheme ("javascript:", "https:"), backslash or control character is refused outright.
 */
export function safeRedirectPath(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return '/';
  // Control characters and backslashes anywhere can be normalised by browsers into a host part.
  if (!SINGLE_SLASH_PATH.test(raw)) return '/';
  let path: string;
  try {
    const u = new URL(raw, 'http://same.invalid');
    if (u.origin !== 'http://same.invalid') return '/';
    path = u.pathname + u.search + u.hash;
  } catch {
    return '/';
  }
  return SINGLE_SLASH_PATH.test(path) && path.length <= 2048 ? path : '/';
}

/** Languages the login pages know; the locale is the first path segment of redirect_url (/en/trade/...). */
export const PAGE_LOCALES = ['en', 'zh-CN', 'ja'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export function localeFromPath(path: string): PageLocale {
  const seg = path.split('/')[1] ?? '';
  const hit = PAGE_LOCALES.find((l) => l.toLowerCase() === seg.toLowerCase());
  return hit ?? 'en';
}
