import type { Db } from '../db/database';

/**
 * The spec §3 merchant fields of the two demo merchants (details screen), their bank accounts and
 * the services of each gateway. The sign key is left to be issued on first reveal, like a real one.
 */
const DETAILS = [
  {
    merchantNo: '100001',
    values: {
      contact: 'Kelvin Lau',
      document_type: 'companyRegistration',
      document_no: 'HK-CR-2718281',
      industry: 'Apparel and accessories (online retail)',
      city: 'Hong Kong',
      address: 'Unit 1203, 12/F, Harbour Centre, 25 Harbour Road, Wan Chai',
      phone: '+852 2123 4567',
      fax: '+852 2123 4568',
      deduction_rate_bp: 275,
    },
    accounts: [
      {
        bank_name: 'Harbour City Bank',
        holder: 'Harbourline Trading Co., Ltd.',
        account_no: '012345678901',
        currency: 'USD',
        is_default: 1 as const,
      },
      {
        bank_name: 'Harbour City Bank',
        holder: 'Harbourline Trading Co., Ltd.',
        account_no: '012345678925',
        currency: 'EUR',
        is_default: 0 as const,
      },
    ],
    services: {
      '10010001': 'visa,mastercard,jcb,amex,3ds',
      '10010002': 'visa,mastercard,3ds',
      '10010003': 'visa,mastercard',
    } as Record<string, string>,
  },
  {
    merchantNo: '100002',
    values: {
      contact: 'Kelvin Lau',
      document_type: 'businessLicence',
      document_no: 'HK-BR-3141592',
      industry: 'Digital goods and software',
      city: 'Hong Kong',
      address: 'Flat 8, 3/F, Kowloon Bay Tower, 1 Wang Kwong Road, Kowloon Bay',
      phone: '+852 2987 6543',
      fax: '',
      deduction_rate_bp: 320,
    },
    accounts: [
      {
        bank_name: 'Victoria Commercial Bank',
        holder: 'Harbourline Digital Services Ltd.',
        account_no: '889900112233',
        currency: 'HKD',
        is_default: 1 as const,
      },
    ],
    services: { '10020001': 'visa,mastercard' } as Record<string, string>,
  },
];

export async function seedMerchantDetails(db: Db, now: number): Promise<void> {
  for (const d of DETAILS) {
    const m = await db.selectFrom('merchants').select('id').where('merchant_no', '=', d.merchantNo).executeTakeFirst();
    if (!m) continue;
    await db.updateTable('merchants').set(d.values).where('id', '=', m.id).execute();
    await db
      .insertInto('merchant_bank_accounts')
      .values(d.accounts.map((a) => ({ ...a, merchant_id: m.id, created_at: now })))
      .execute();
    for (const [gatewayNo, services] of Object.entries(d.services)) {
      await db.updateTable('gateways').set({ services }).where('merchant_id', '=', m.id).where('gateway_no', '=', gatewayNo).execute();
    }
  }
}
