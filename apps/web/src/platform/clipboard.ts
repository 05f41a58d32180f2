import { message } from 'antd';
import { t } from './i18n';

/**
 * Copies text and says so (spec §8 clipboard success and failure messages). Outside a secure context
 * (plain HTTP on another host) the Clipboard API is missing; a hidden text area and the copy command
 * are tried then.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
    else if (!copyWithTextArea(text)) throw new Error('copy refused');
    void message.success(t('clipboard.copied'));
    return true;
  } catch {
    void message.error(t('clipboard.failed'));
    return false;
  }
}

function copyWithTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
