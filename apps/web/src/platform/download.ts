import { message } from 'antd';
import { t } from './i18n';
import { RequestError, sendRaw } from './request';
import { showErrorToast } from './request-ui';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** File name from a Content-Disposition header; RFC 5987 `filename*=UTF-8''...` wins over `filename=`. */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) return safeDecode(extended[2].trim().replace(/^"(.*)"$/, '$1'));
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const raw = plain?.[2] ?? plain?.[1];
  if (raw) return safeDecode(raw.trim().replace(/^"(.*)"$/, '$1'));
  return null;
}

export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** What a download posts: the export route (under the API base) and its body (the list's filters and a format). */
export type TDownloadRequest = { url: string; data: unknown };

let capture: ((request: TDownloadRequest) => void) | null = null;

/**
 * The request an export would make, without making it: a scheduled report keeps exactly the body the
 * screen's own export button sends, however the screen turns its filters into it. Null when `run`
 * downloads nothing.
 */
export async function downloadRequestOf(run: () => Promise<unknown>): Promise<TDownloadRequest | null> {
  let seen: TDownloadRequest | null = null;
  capture = (request) => {
    seen = request;
  };
  try {
    await run();
  } finally {
    capture = null;
  }
  return seen;
}

/**
 * Spec §7 downloads: POST the filters, receive a blob, name it from Content-Disposition. A JSON body
 * instead of a file is an error envelope whose msg is shown.
 */
export async function downloadFile(url: string, data: unknown, fallbackName = 'download'): Promise<boolean> {
  if (capture) {
    capture({ url, data });
    return false;
  }
  const hide = message.loading({ content: t('request.downloading'), duration: 0 });
  try {
    const response = await sendRaw('POST', url, { data, repeatSubmit: false });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const body = (await response.json()) as { msg?: unknown };
      showErrorToast(typeof body.msg === 'string' && body.msg ? body.msg : t('request.unknownError'));
      return false;
    }
    const blob = await response.blob();
    saveBlob(blob, filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
    return true;
  } catch (error) {
    // Transport and status failures were already reported by the request client.
    if (!(error instanceof RequestError)) showErrorToast(t('request.downloadError'));
    return false;
  } finally {
    hide();
  }
}
