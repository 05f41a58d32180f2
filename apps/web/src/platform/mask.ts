/** Partly hidden contact details, as the server writes them in "code sent to ..." (`+852****4567`, `ow***@example.com`). */
export function maskMobile(mobile: string): string {
  const text = mobile.trim();
  if (text.length <= 8) return text.replace(/\d(?=\d{2})/g, '*');
  return `${text.slice(0, 4)}****${text.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const text = email.trim();
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  return `${text.slice(0, Math.min(2, at))}***${text.slice(at)}`;
}
