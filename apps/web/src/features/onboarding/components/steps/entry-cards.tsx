import type { ReactNode } from 'react';
import { Button, Card, Form, type FormListFieldData } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type TEntryCardsProps = {
  /** The form list: one card per entry. */
  name: string;
  /** In test ids: kyc-<testId>-<index>, kyc-remove-<testId>-<index>, kyc-add-<testId>. */
  testId: string;
  title: (n: number) => string;
  addText: string;
  max: number;
  newEntry: () => unknown;
  /** Asked before an entry goes (true: remove it); without it Remove removes at once. */
  confirmRemove?: (fieldName: number) => Promise<boolean>;
  children: (field: FormListFieldData, index: number) => ReactNode;
};

/**
 * Entries the applicant adds one by one (websites, owners): a card each with Remove while more than one
 * is left, and an Add button below until the maximum.
 */
export function EntryCards({ name, testId, title, addText, max, newEntry, confirmRemove, children }: TEntryCardsProps) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="kyc-card"
              title={title(index + 1)}
              data-testid={`kyc-${testId}-${index}`}
              extra={
                fields.length > 1 && (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid={`kyc-remove-${testId}-${index}`}
                    onClick={() => {
                      if (!confirmRemove) remove(field.name);
                      else
                        void confirmRemove(field.name).then((confirmed) => {
                          if (confirmed) remove(field.name);
                        });
                    }}
                  >
                    {t('kyc.remove')}
                  </Button>
                )
              }
            >
              {children(field, index)}
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add(newEntry())}
            disabled={fields.length >= max}
            block
            className="kyc-add"
            data-testid={`kyc-add-${testId}`}
          >
            {addText}
          </Button>
        </>
      )}
    </Form.List>
  );
}
