import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TComplaint, TSentReply } from '@mbo/shared/complaints';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { ComplaintPage } from './complaint-page';
import { ReplyEmailPage } from './reply-email-page';

const COMPLAINTS_PATH = '/complaint/showComplaintInfo';
const REPLIES_PATH = '/replyEmail/showReplyEmail';

function complaint(o: Partial<TComplaint> = {}): TComplaint {
  return {
    complaintNo: 'CP20260310A',
    kind: 1,
    tradeNo: 'T100200300',
    tradeAt: '2026-03-09T04:00:00.000Z',
    gatewayNo: '90000001',
    currency: 'USD',
    amount: 1_234_567,
    cardholderName: 'Ann Lee',
    cardholderEmail: 'ann@example.com',
    language: 'en',
    content: 'I did not buy this',
    status: 1,
    // Pending after its deadline: the deadline shows in red.
    replyDeadline: '2026-03-12T04:00:00.000Z',
    overdue: true,
    action: 0,
    refundNo: null,
    processedBy: '',
    processedAt: null,
    createdAt: '2026-03-10T04:00:00.000Z',
    ...o,
  };
}

function sentReply(o: Partial<TSentReply> = {}): TSentReply {
  return {
    id: 7,
    complaintNo: 'CP20260310A',
    toAddr: 'ann@example.com',
    language: 'zhHk',
    subject: 'About your order',
    body: 'We refunded it.',
    templateName: '',
    sentBy: 'owner',
    deliveryStatus: 'failed',
    deliveryError: 'mailbox full',
    createdAt: '2026-03-10T04:00:00.000Z',
    ...o,
  };
}

function signInWith(permissions: string[], menu: string) {
  signInToScreen(menu, { moduleId: 1, key: 'risk' }, permissions);
}

const page = <T,>(rows: T[]) => envelope({ list: rows, total: rows.length, capped: false, page: 1, limit: 20, nextCursor: null });
const texts = (nodes: NodeListOf<Element>) => [...nodes].map((n) => n.textContent);

/** A table's column titles and each row's cell texts, once `shown` (a test id in its rows) is there. */
async function tableOf(testId: string, shown: string) {
  await screen.findAllByTestId(shown);
  const table = screen.getByTestId(testId);
  const rows = [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => texts(tr.querySelectorAll('td')));
  return { table, titles: texts(table.querySelectorAll('thead th')), rows };
}

describe('complaint and sent reply lists', () => {
  useSignedOutEnglishClient();

  it('show the complaint columns: the amount with its currency, the cardholder with the address, a pending state and the action', async () => {
    signInWith(['Complaint:Process'], COMPLAINTS_PATH);
    const fetch = mockFetch((url) =>
      url.pathname === '/v3api/complaint/list'
        ? page([
            complaint(),
            complaint({ complaintNo: 'CP2', kind: 2, cardholderName: '', status: 2, action: 3, overdue: false, refundNo: 'R9' }),
          ])
        : undefined,
    );
    renderRoutes(COMPLAINTS_PATH, { [COMPLAINTS_PATH]: <ComplaintPage /> });
    const { table, titles, rows } = await tableOf('complaint-table', 'complaint-trade-link');
    expect(titles).toEqual([
      'Complaint number',
      'Type',
      'Transaction order number',
      'Transaction amount',
      'Cardholder',
      'What the cardholder wrote',
      'Received',
      'Reply by',
      'Processing status',
      'Refund number',
      'Actions',
    ]);
    expect(rows).toEqual([
      [
        'CP20260310A',
        'Complaint',
        'T100200300',
        '12,345.67 USD',
        'Ann Lee <ann@example.com>',
        'I did not buy this',
        '2026-03-10 12:00:00',
        '2026-03-12 12:00:00',
        'Pending',
        '-',
        'Process',
      ],
      [
        'CP2',
        'Inquiry',
        'T100200300',
        '12,345.67 USD',
        '<ann@example.com>',
        'I did not buy this',
        '2026-03-10 12:00:00',
        '2026-03-12 12:00:00',
        'Processed · Replied and refunded',
        'R9',
        '',
      ],
    ]);
    expect(table.querySelectorAll('tbody .ant-tag-red')).toHaveLength(1);
    // The screen opens on the last 30 days' pending complaints.
    const asked = new URL(String(fetch.mock.calls.find(([u]) => String(u).includes('/complaint/list'))![0]), 'http://localhost')
      .searchParams;
    expect(asked.get('status')).toBe('1');
    expect((Date.parse(asked.get('to')!) - Date.parse(asked.get('from')!)) / 86_400_000).toBe(29);
  });

  it('show the sent reply columns: the language and delivery by their labels, no template as a dash', async () => {
    signInWith([], REPLIES_PATH);
    mockFetch((url) =>
      url.pathname === '/v3api/replyEmail/sent'
        ? page([sentReply()])
        : url.pathname === '/v3api/replyEmail/templates'
          ? envelope({ list: [] })
          : undefined,
    );
    renderRoutes(REPLIES_PATH, { [REPLIES_PATH]: <ReplyEmailPage /> });
    const { titles, rows } = await tableOf('sent-reply-table', 'reply-delivery');
    expect(titles).toEqual(['Sent at', 'Complaint number', 'To', 'Language', 'Subject', 'Template', 'Sent by', 'Delivery']);
    expect(rows[0]).toEqual([
      '2026-03-10 12:00:00',
      'CP20260310A',
      'ann@example.com',
      '繁體中文',
      'About your order',
      '-',
      'owner',
      'Delivery failed',
    ]);
  });
});
