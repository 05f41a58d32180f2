/** Messages of the scheduled reports (schedules): refusals, why a run failed or a schedule stopped, and the operation-log names of its writes. */
const zhCn = {
  'opAction.reportSchedule.create': '新建定时报表',
  'opAction.reportSchedule.update': '修改定时报表',
  'opAction.reportSchedule.enable': '暂停或恢复定时报表',
  'opAction.reportSchedule.delete': '删除定时报表',
  'opAction.reportSchedule.runNow': '立即发送定时报表',
  'opAction.reportSchedule.runFile': '下载定时报表文件',
  'schedule.notFound': '定时报表不存在',
  'schedule.notOwner': '只有定时报表的创建人可以修改、发送或下载它',
  'schedule.notExportable': '该列表不能设置定时报表',
  'schedule.exportForbidden': '您没有该列表的导出权限，不能为它设置定时报表',
  'schedule.badFilters': '筛选条件无效：{reason}',
  'schedule.tooMany': '每个商户最多 {max} 个定时报表',
  'schedule.stillStopped': '创建人仍不能导出该列表，定时报表无法恢复',
  'schedule.runRunning': '该定时报表正在生成，请稍后再试',
  'schedule.fileGone': '文件已超过保留期限（{days} 天）或已删除',
  'schedule.linkInvalid': '下载链接无效',
  'schedule.linkExpired': '下载链接已过期（有效期 {days} 天）',
  'schedule.stop.ownerDisabled': '创建人的账户已停用或已删除，定时报表已停止',
  'schedule.stop.noPermission': '创建人已没有该列表的导出权限，定时报表已停止',
  'schedule.run.exportRefused': '导出失败：{reason}',
  'schedule.run.mailFailed': '邮件未能送达 {to}：{error}',
  'schedule.run.interrupted': '生成过程中服务器停止，本次不再重发',
  'schedule.run.failed': '生成文件时出错',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.reportSchedule.create': '新增定時報表',
  'opAction.reportSchedule.update': '修改定時報表',
  'opAction.reportSchedule.enable': '暫停或恢復定時報表',
  'opAction.reportSchedule.delete': '刪除定時報表',
  'opAction.reportSchedule.runNow': '立即發送定時報表',
  'opAction.reportSchedule.runFile': '下載定時報表檔案',
  'schedule.notFound': '定時報表不存在',
  'schedule.notOwner': '只有定時報表的建立人可以修改、發送或下載它',
  'schedule.notExportable': '該列表不能設定定時報表',
  'schedule.exportForbidden': '您沒有該列表的匯出權限，不能為它設定定時報表',
  'schedule.badFilters': '篩選條件無效：{reason}',
  'schedule.tooMany': '每個商戶最多 {max} 個定時報表',
  'schedule.stillStopped': '建立人仍不能匯出該列表，定時報表無法恢復',
  'schedule.runRunning': '該定時報表正在生成，請稍後再試',
  'schedule.fileGone': '檔案已超過保留期限（{days} 天）或已刪除',
  'schedule.linkInvalid': '下載連結無效',
  'schedule.linkExpired': '下載連結已過期（有效期 {days} 天）',
  'schedule.stop.ownerDisabled': '建立人的帳戶已停用或已刪除，定時報表已停止',
  'schedule.stop.noPermission': '建立人已沒有該列表的匯出權限，定時報表已停止',
  'schedule.run.exportRefused': '匯出失敗：{reason}',
  'schedule.run.mailFailed': '郵件未能送達 {to}：{error}',
  'schedule.run.interrupted': '生成過程中伺服器停止，本次不再重發',
  'schedule.run.failed': '生成檔案時出錯',
};

const en: Record<Key, string> = {
  'opAction.reportSchedule.create': 'Schedule a report',
  'opAction.reportSchedule.update': 'Change a scheduled report',
  'opAction.reportSchedule.enable': 'Pause or resume a scheduled report',
  'opAction.reportSchedule.delete': 'Delete a scheduled report',
  'opAction.reportSchedule.runNow': 'Send a scheduled report now',
  'opAction.reportSchedule.runFile': 'Download the file of a scheduled report',
  'schedule.notFound': 'Scheduled report not found',
  'schedule.notOwner': 'Only the person who set up a scheduled report may change, send or download it',
  'schedule.notExportable': 'This list cannot be scheduled',
  'schedule.exportForbidden': 'You may not export this list, so you cannot schedule it',
  'schedule.badFilters': 'The filters are not valid: {reason}',
  'schedule.tooMany': 'A merchant may have at most {max} scheduled reports',
  'schedule.stillStopped': 'Its owner still may not export this list: the scheduled report cannot be resumed',
  'schedule.runRunning': 'This scheduled report is being made; try again in a moment',
  'schedule.fileGone': 'The file is past its {days} days or was deleted',
  'schedule.linkInvalid': 'This download link is not valid',
  'schedule.linkExpired': 'This download link has expired (links are valid for {days} days)',
  'schedule.stop.ownerDisabled': "The owner's account is disabled or deleted: the scheduled report stopped",
  'schedule.stop.noPermission': 'The owner may no longer export this list: the scheduled report stopped',
  'schedule.run.exportRefused': 'The export failed: {reason}',
  'schedule.run.mailFailed': 'The mail did not reach {to}: {error}',
  'schedule.run.interrupted': 'The server stopped while the report was being made; it is not sent again',
  'schedule.run.failed': 'The file could not be made',
};

export const SCHEDULE_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    schedules: Key;
  }
}
