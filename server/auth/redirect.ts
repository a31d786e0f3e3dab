/**
 * Returns `raw` when it is a path on this origin, else '/'. Only a single leading '/' followed by
 * something that is not '/' or '\' is a same-origin path; browsers treat '//host' and '/\host' as
 * another origin, and any scheme ("javascript:", "https:") is refused outright.
 */
export function safeRedirectPath(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return '/';
  if (raw[0] !== '/') return '/';
  if (raw[1] === '/' || raw[1] === '\\') return '/';
  // Control characters and backslashes anywhere can be normalised by browsers into a host part.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  try {
    const u = new URL(raw, 'http://same.invalid');
    if (u.origin !== 'http://same.invalid') return '/';
    return u.pathname + u.search + u.hash;
  } catch {
    return '/';
  }
}

/** Languages the login pages know; the locale is the first path segment of redirect_url (/en/trade/...). */
export const PAGE_LOCALES = ['en', 'zh-CN', 'ja'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export function localeFromPath(path: string): PageLocale {
  const seg = path.split('/')[1] ?? '';
  const hit = PAGE_LOCALES.find((l) => l.toLowerCase() === seg.toLowerCase());
  return hit ?? 'en';
}
