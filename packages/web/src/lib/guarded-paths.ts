/** Paths behind the route guard (spec part 2 section 2, route table). */
const GUARDED = ['/dashboard', '/usage', '/settings', '/upload', '/jobs/'];

export function isGuardedPath(pathname: string): boolean {
  return GUARDED.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
