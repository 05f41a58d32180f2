import type { FormInstance, FormRule as Rule } from 'antd';
import type { TKycFile } from '@mbo/shared/kyc';
import type { TPath } from '../../utils/kyc-rules';

/** What every step's fields get from the wizard. */
export type TStepProps = {
  form: FormInstance;
  /** The validation rule of the field at `path`: the §5 rules of kyc-rules, translated. */
  rule: (path: TPath) => Rule;
  businessId: number;
  files: ReadonlyMap<number, TKycFile>;
  onUploaded: (files: TKycFile[]) => void;
};
