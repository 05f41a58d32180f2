import { Form, Input } from 'antd';
import { APPEAL_NOTE_MAX } from '@mbo/shared/disputes';

/** The merchant's note that goes with an appeal, counted against the server's limit as it is typed. */
export function AppealNote({
  label,
  testId,
  rows,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  rows: number;
  value: string;
  onChange: (note: string) => void;
}) {
  return (
    <Form.Item label={label}>
      <Input.TextArea
        data-testid={testId}
        rows={rows}
        showCount
        maxLength={APPEAL_NOTE_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}
