function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function append(parts: string[], key: string, value: unknown): void {
  if (isEmpty(value)) return;
  if (Array.isArray(value)) {
    // Arrays repeat the key (a=1&a=2), which the server's query parser reads back as an array.
    for (const item of value)
      if (!isEmpty(item) && typeof item !== 'object') parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalar(item))}`);
    return;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    for (const [sub, subValue] of Object.entries(value)) append(parts, `${key}[${sub}]`, subValue);
    return;
  }
  parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalar(value))}`);
}

/**
 * Query string from an object (spec §7): empty values (undefined, null, '') are skipped and nested
 * objects become key[sub]. Returns the string without the leading '?'.
 */
export function buildQueryString(params: Record<string, unknown> | null | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) append(parts, key, value);
  return parts.join('&');
}

export function withQuery(url: string, params: Record<string, unknown> | null | undefined): string {
  const query = buildQueryString(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
