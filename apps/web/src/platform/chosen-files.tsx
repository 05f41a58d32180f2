import { useRef, useState, type ReactNode } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

export type TChosenFiles = {
  files: File[];
  /**
   * The list with the files just added: several files chosen at once arrive one call each before a
   * re-render, so a check of the count must read this rather than `files`.
   */
  latest: () => File[];
  set: (next: File[]) => void;
};

/** Files picked for an upload, kept in the browser until the form is sent. */
export function useChosenFiles(): TChosenFiles {
  const [files, setFiles] = useState<File[]>([]);
  const latest = useRef<File[]>([]);
  return {
    files,
    latest: () => latest.current,
    set: (next) => {
      latest.current = next;
      setFiles(next);
    },
  };
}

const uidOf = (file: File, index: number) => `${index}-${file.name}`;

/**
 * The "choose files" button with the chosen files listed below it. Nothing is sent on choosing:
 * `onChoose` checks each file (type, size, count) and adds it to `chosen` when it passes.
 */
export function ChooseFiles({
  chosen,
  accept,
  onChoose,
  testId,
  children,
}: {
  chosen: TChosenFiles;
  accept: string;
  onChoose: (file: File) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Upload
      accept={accept}
      multiple
      fileList={chosen.files.map((f, i) => ({ uid: uidOf(f, i), name: f.name, status: 'done' as const }))}
      beforeUpload={(file) => {
        onChoose(file);
        return false;
      }}
      onRemove={(item) => chosen.set(chosen.latest().filter((f, i) => uidOf(f, i) !== item.uid))}
    >
      <Button icon={<UploadOutlined />} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
}

/** The same button for an upload of one file: the chosen file listed below it, replaced by the next one chosen. */
export function ChooseFile({
  file,
  accept,
  onChoose,
  onRemove,
  testId,
  children,
}: {
  file: File | null;
  accept: string;
  onChoose: (file: File) => void;
  onRemove: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      fileList={file ? [{ uid: 'file', name: file.name, status: 'done' as const }] : []}
      beforeUpload={(picked) => {
        onChoose(picked);
        return false;
      }}
      onRemove={onRemove}
    >
      <Button icon={<UploadOutlined />} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
}
