// The page follows a link it was sent (a notice's learn-more, an announcement) only by this rule.
/** A learn-more link the page may follow: http(s) anywhere, or a path on our own origin. */
export function safeLinkUrl(url: string): string | null {
  if (/^\/(?!\/)[^\s\\]*$/.test(url)) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
