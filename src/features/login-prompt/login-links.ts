/** Spec 2.15: /login and /register carry redirect_url of the current page with its locale. */
export function authLink(kind: 'login' | 'register', currentPath: string, search = ''): string {
  return `/${kind}?redirect_url=${encodeURIComponent(`${currentPath}${search}`)}`;
}
