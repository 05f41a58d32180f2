import { message } from 'antd';
import { ERROR_TOAST_SECONDS } from '@mbo/shared/limits';

/** Toasts of the request client (spec §8: they last 5 s). */
export function showErrorToast(text: string): void {
  void message.error({ content: text, duration: ERROR_TOAST_SECONDS });
}

export function showWarningToast(text: string): void {
  void message.warning({ content: text, duration: ERROR_TOAST_SECONDS });
}
