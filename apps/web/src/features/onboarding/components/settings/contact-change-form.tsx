import type { ReactNode } from 'react';
import { Button, Form, type FormInstance, type FormProps } from 'antd';

type TContactChangeFormProps<T> = Pick<FormProps<T>, 'name' | 'onValuesChange' | 'onFinish'> & {
  form: FormInstance<T>;
  submit: { text: string; testId: string; pending: boolean };
  children: ReactNode;
};

/** The form of a settings section that changes a contact detail with a code: narrow, labels above, its submit button last. */
export function ContactChangeForm<T extends object>({ submit, children, ...form }: TContactChangeFormProps<T>) {
  return (
    <Form<T> {...form} layout="vertical" requiredMark={false} style={{ maxWidth: 480 }}>
      {children}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={submit.pending} data-testid={submit.testId}>
          {submit.text}
        </Button>
      </Form.Item>
    </Form>
  );
}
