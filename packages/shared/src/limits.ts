/** Business constants and limits, spec §9. */
export const VERIFICATION_CODE_LENGTH = 6;
export const REFUND_REASON_MIN = 1;
export const REFUND_REASON_MAX = 100;
export const QUERY_RANGE_MAX_MONTHS = 6;
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MAX_COUNT = 10;
export const BUSINESS_STATUS_ACTIVE = 40;
export const DUPLICATE_SUBMIT_WINDOW_MS = 1000;
export const REMINDER_FIRST_DELAY_MS = 2000;
export const REMINDER_NEXT_DELAY_MS = 300;
export const ERROR_TOAST_SECONDS = 5;
export const NOTIFICATION_DURATION_MS = 4500;
export const SIDEBAR_WIDTH = 200;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MINUTES = 30;
export const SESSION_IDLE_MINUTES_DEFAULT = 30;
