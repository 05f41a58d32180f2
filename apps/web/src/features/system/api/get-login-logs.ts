export const loginLogsKey = ['loginLogs'] as const;
