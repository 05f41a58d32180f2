/** Messages of the second approver (approvals): its refusals and the operation-log names of its writes. */
const zhCn = {
  'opAction.approval.approve': '审批通过',
  'opAction.approval.reject': '审批驳回',
  'opAction.approval.policies.save': '修改审批规则',
  'approval.notFound': '审批申请不存在',
  'approval.ownRequest': '不能审批自己提交的申请，请由另一位管理员审批',
  'approval.notPending': '该申请已处理，无法再次审批',
  'approval.expired': '该申请已过期，无法审批，请重新提交',
  'approval.reasonRequired': '此操作需要另一位管理员审批，请填写申请原因',
  'approval.kindUnavailable': '此类申请暂时无法执行',
  'field.approvalReason': '申请原因',
  'field.approvalComment': '驳回意见',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.approval.approve': '審批通過',
  'opAction.approval.reject': '審批駁回',
  'opAction.approval.policies.save': '修改審批規則',
  'approval.notFound': '審批申請不存在',
  'approval.ownRequest': '不能審批自己提交的申請，請由另一位管理員審批',
  'approval.notPending': '該申請已處理，無法再次審批',
  'approval.expired': '該申請已過期，無法審批，請重新提交',
  'approval.reasonRequired': '此操作需要另一位管理員審批，請填寫申請原因',
  'approval.kindUnavailable': '此類申請暫時無法執行',
  'field.approvalReason': '申請原因',
  'field.approvalComment': '駁回意見',
};

const en: Record<Key, string> = {
  'opAction.approval.approve': 'Approve a request',
  'opAction.approval.reject': 'Reject a request',
  'opAction.approval.policies.save': 'Change the approval rules',
  'approval.notFound': 'The approval request does not exist',
  'approval.ownRequest': 'You cannot approve your own request: another administrator must decide it',
  'approval.notPending': 'This request has already been decided',
  'approval.expired': 'This request has expired and can no longer be approved: submit it again',
  'approval.reasonRequired': 'This action needs a second administrator’s approval: please give a reason',
  'approval.kindUnavailable': 'Requests of this kind cannot be carried out at the moment',
  'field.approvalReason': 'Reason',
  'field.approvalComment': 'Comment',
};

export const APPROVAL_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    approvals: Key;
  }
}
