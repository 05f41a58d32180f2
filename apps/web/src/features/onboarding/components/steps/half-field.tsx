import type { ReactNode } from 'react';
import { Col, Form, Input, type FormItemProps, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPath } from '../../utils/kyc-rules';
import type { TStepProps } from './step-props';

type THalfFieldProps = Omit<FormItemProps, 'name' | 'label' | 'rules'> & {
  /** The profile field: its form name, its label (kyc.field.<field>) and the path of its rule. */
  field: string;
  rule: TStepProps['rule'];
  /** The entry of a form list the field belongs to (an owner): its list, its form name and its place. */
  entry?: { list: string; name: number; index: number };
  children: ReactNode;
};

/** A profile field in half of a row on wide screens (the whole row on narrow ones), with its label and §5 rule. */
export function HalfField({ field, rule, entry, children, ...item }: THalfFieldProps) {
  const { t } = useTranslation();
  const name = entry ? [entry.name, field] : field;
  const path: TPath = entry ? [entry.list, entry.index, field] : [field];
  return (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(`kyc.field.${field}`)} rules={[rule(path)]} {...item}>
        {children}
      </Form.Item>
    </Col>
  );
}

type THalfTextFieldProps = Omit<THalfFieldProps, 'children'> & Pick<InputProps, 'maxLength' | 'autoComplete' | 'inputMode' | 'placeholder'>;

/** A HalfField holding a one-line text input: most profile fields are one. */
export function HalfTextField({ maxLength, autoComplete, inputMode, placeholder, ...field }: THalfTextFieldProps) {
  return (
    <HalfField {...field}>
      <Input maxLength={maxLength} autoComplete={autoComplete} inputMode={inputMode} placeholder={placeholder} />
    </HalfField>
  );
}
