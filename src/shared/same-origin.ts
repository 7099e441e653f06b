const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * CSRF guard: an unsafe request (POST, PUT, PATCH, DELETE) from a browser must come from this
 * origin, whatever its content type. Browsers always say where a request comes from (Origin or
 * Sec-Fetch-Site); clients that send neither (curl, servers) carry no ambient cookies to abuse.
 */
export function isCrossOriginUnsafe(request: Pick<Request, 'method' | 'headers'>, ownOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin && !ownOrigins.includes(origin)) return true;
  return false;
}
