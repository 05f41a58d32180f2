import type { ReactNode } from 'react';
import { Button, Form } from 'antd';

/**
 * The full-width primary button that ends a sign-in, registration or reset form; it spins while the
 * request runs (and ignores clicks), so one press sends once.
 */
export function FormSubmitButton({
  pending,
  testId,
  marginBottom = 0,
  size,
  children,
}: {
  pending: boolean;
  testId: string;
  /** Room below it, when another button follows. */
  marginBottom?: number;
  size?: 'large';
  children: ReactNode;
}) {
  return (
    <Form.Item style={{ marginBottom }}>
      <Button type="primary" htmlType="submit" block size={size} loading={pending} data-testid={testId}>
        {children}
      </Button>
    </Form.Item>
  );
}
