/** Paths behind the route guard. */
const GUARDED = ['/dashboard', '/usage', '/settings', '/upload', '/jobs/'];

export function isGuardedPath(pathname: string): boolean {
  return GUARDED.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
