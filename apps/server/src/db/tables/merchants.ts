import type { Generated } from 'kysely';
import type { Flag, UploadedFileColumns } from './columns';

/* The merchant, its gateways, bank accounts and opened modules, its onboarding (KYC) and the currencies they use. */

export interface CurrenciesTable {
  code: string;
  name: string;
  minor_units: number;
}

export interface MerchantsTable {
  id: Generated<number>;
  merchant_no: string;
  name: string;
  status: number;
  region: string;
  /** Calendar dates (YYYY-MM-DD): a contract runs by date, not by instant. */
  contract_start: string | null;
  contract_end: string | null;
  registered_at: number;
  /** Comma-separated card schemes and services. */
  services: string;
  created_at: number;
  /** Refunds above this many whole units of their currency ask for a fresh check (migration 0030). */
  refund_check_threshold: Generated<number>;
  /** Spec §3 merchant fields shown on the details screen (migration 0008). */
  contact: Generated<string>;
  document_type: Generated<string>;
  document_no: Generated<string>;
  industry: Generated<string>;
  city: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  fax: Generated<string>;
  /** Basis points (250 = 2.50 %). */
  deduction_rate_bp: Generated<number>;
  /** Issued on first use; empty until then. Never sent except through the reveal route. */
  sign_key: Generated<string>;
  /** Delivery proof the merchant must give (migration 0011): null none, 'image', 'tracking' or 'either'. */
  delivery_proof_type: Generated<string | null>;
}

export interface MerchantBankAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  bank_name: string;
  holder: string;
  account_no: string;
  currency: string;
  is_default: Flag;
  created_at: number;
}

export interface MerchantModulesTable {
  merchant_id: number;
  module_id: number;
}

export interface GatewaysTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_no: string;
  name: string;
  currency: string;
  status: number;
  /** Comma-separated card schemes and services open on the gateway (migration 0008). */
  services: Generated<string>;
}

export interface KycProfilesTable {
  merchant_id: number;
  review_state: string;
  draft_json: string;
  /** The profile as submitted (frozen copy the reviewer reads). */
  submitted_json: string | null;
  reject_reason: string;
  submitted_by_person_id: number | null;
  submitted_at: number | null;
  reviewed_at: number | null;
  updated_at: number | null;
  created_at: number;
}

export interface KycFilesTable extends UploadedFileColumns {
  id: Generated<number>;
  merchant_id: number;
  field: string;
  uploaded_by_admin_id: number | null;
  created_at: number;
  deleted_at: number | null;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface MerchantTables {
  currencies: CurrenciesTable;
  merchants: MerchantsTable;
  merchant_bank_accounts: MerchantBankAccountsTable;
  merchant_modules: MerchantModulesTable;
  gateways: GatewaysTable;
  kyc_profiles: KycProfilesTable;
  kyc_files: KycFilesTable;
}
