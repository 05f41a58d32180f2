/** Messages of the background exports (exports): refusals, why an export failed, and the operation-log names of its routes. */
const zhCn = {
  'opAction.exportJob.start': '后台导出',
  'opAction.exportJob.cancel': '取消后台导出',
  'opAction.exportJob.download': '下载后台导出文件',
  'exportJob.notExportable': '该列表不能在后台导出',
  'exportJob.badFilters': '筛选条件无效：{reason}',
  'exportJob.forbidden': '您没有该列表的导出权限',
  'exportJob.tooMany': '您已有 {max} 个导出正在进行，请等其完成或取消后再试',
  'exportJob.notFound': '导出不存在或已删除',
  'exportJob.notCancellable': '该导出已结束，不能取消',
  'exportJob.notReady': '文件尚未生成完成',
  'exportJob.fileGone': '文件已过期（保留 {days} 天）或已删除，请重新导出',
  'exportJob.scopeChanged': '您可查看的网关已变更，该文件不再提供下载，请重新导出',
  'exportJob.failed.refused': '导出被拒绝：{reason}',
  'exportJob.failed.noPermission': '您已没有该列表的导出权限',
  'exportJob.failed.interrupted': '生成过程中服务器停止，请重新导出',
  'exportJob.failed.error': '生成文件时出错，请重新导出',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.exportJob.start': '後台匯出',
  'opAction.exportJob.cancel': '取消後台匯出',
  'opAction.exportJob.download': '下載後台匯出檔案',
  'exportJob.notExportable': '該列表不能在後台匯出',
  'exportJob.badFilters': '篩選條件無效：{reason}',
  'exportJob.forbidden': '您沒有該列表的匯出權限',
  'exportJob.tooMany': '您已有 {max} 個匯出正在進行，請等其完成或取消後再試',
  'exportJob.notFound': '匯出不存在或已刪除',
  'exportJob.notCancellable': '該匯出已結束，不能取消',
  'exportJob.notReady': '檔案尚未生成完成',
  'exportJob.fileGone': '檔案已過期（保留 {days} 天）或已刪除，請重新匯出',
  'exportJob.scopeChanged': '您可查看的網關已變更，該檔案不再提供下載，請重新匯出',
  'exportJob.failed.refused': '匯出被拒絕：{reason}',
  'exportJob.failed.noPermission': '您已沒有該列表的匯出權限',
  'exportJob.failed.interrupted': '生成過程中伺服器停止，請重新匯出',
  'exportJob.failed.error': '生成檔案時出錯，請重新匯出',
};

const en: Record<Key, string> = {
  'opAction.exportJob.start': 'Export in the background',
  'opAction.exportJob.cancel': 'Cancel a background export',
  'opAction.exportJob.download': 'Download a background export',
  'exportJob.notExportable': 'This list cannot be exported in the background',
  'exportJob.badFilters': 'The filters are not valid: {reason}',
  'exportJob.forbidden': 'You may not export this list',
  'exportJob.tooMany': 'You already have {max} exports under way; wait for one to finish or cancel one',
  'exportJob.notFound': 'The export does not exist or was deleted',
  'exportJob.notCancellable': 'The export has ended and cannot be cancelled',
  'exportJob.notReady': 'The file is not ready yet',
  'exportJob.fileGone': 'The file has expired (kept {days} days) or was removed; export again',
  'exportJob.scopeChanged': 'The gateways you may see have changed, so this file is no longer offered; export again',
  'exportJob.failed.refused': 'The export was refused: {reason}',
  'exportJob.failed.noPermission': 'You may no longer export this list',
  'exportJob.failed.interrupted': 'The server stopped while the file was being made; export again',
  'exportJob.failed.error': 'The file could not be made; export again',
};

export const EXPORT_JOB_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    exports: Key;
  }
}
