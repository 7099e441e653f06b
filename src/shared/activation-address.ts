/**
 * An activation's scannable address, on the site's public URL (PUBLIC_URL, never a request's Host): what
 * its QR code holds and what its printed poster shows under the code.
 */
export function activationAddress(publicUrl: string, slug: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/a/${encodeURIComponent(slug)}`;
}
