import { useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { TExportFormat } from '@mbo/shared/list';

type TExportButtonsProps = {
  /** Downloads the file (platform/download.ts); resolves when it is saved or refused. */
  onExport: (format: TExportFormat) => Promise<unknown>;
  csvLabel: string;
  xlsxLabel: string;
  /** Buttons get `${testIdPrefix}-csv` and `${testIdPrefix}-xlsx`. */
  testIdPrefix: string;
};

/**
 * The CSV and Excel buttons of a list. Each spins while its file is prepared, and neither starts a
 * second download of the same list meanwhile (a million-row file takes seconds).
 */
export function ExportButtons({ onExport, csvLabel, xlsxLabel, testIdPrefix }: TExportButtonsProps) {
  const [exporting, setExporting] = useState<TExportFormat | null>(null);
  const run = async (format: TExportFormat) => {
    setExporting(format);
    try {
      await onExport(format);
    } finally {
      setExporting(null);
    }
  };
  const button = (format: TExportFormat, label: string) => (
    <Button
      icon={<DownloadOutlined />}
      data-testid={`${testIdPrefix}-${format}`}
      loading={exporting === format}
      disabled={exporting !== null && exporting !== format}
      onClick={() => void run(format)}
    >
      {label}
    </Button>
  );
  return (
    <Space wrap>
      {button('csv', csvLabel)}
      {button('xlsx', xlsxLabel)}
    </Space>
  );
}
