export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return part.slice(prefix.length);
      }
    }
  }
  return null;
}

/**
 * Attributes of the app's cookies (the session token in Admin-Token, the sidebar state). The server reads
 * neither: the token goes to it in the X-Auth-Token header, which this app's script adds and a page of
 * another site cannot, and a cookie never authenticates (request-context.ts); that is the defence against
 * cross-site requests. So the cookie is script storage, and HttpOnly, which would hide it from that
 * script, does not fit: it would need the server to take the cookie as the credential, with a CSRF
 * defence of its own. What the browser can still keep from others:
 * - `Secure` whenever the page came over HTTPS (the address bar's protocol, whatever proxies are in
 *   between), so the token is never sent in clear to an http:// address of the same host. Not over
 *   plain HTTP (a development server on http://127.0.0.1), where the browser would refuse the cookie.
 * - `SameSite=Strict`: not sent with any request another site starts, even a link followed; the script
 *   of a page of this site reads it whichever way the page was opened.
 */
function attributes(): string {
  return `path=/; SameSite=Strict${window.location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** Session cookie (no expiry) on path /, like the stored token and sidebar state. */
export function setCookie(name: string, value: string): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes()}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes()}`;
}
