import { Tag, type TagProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tag colour of each status code that has one (antd's tag colours); any other code is grey. */
export type TTagColors = Readonly<Partial<Record<number, string>>>;

/** A status code drawn as its tag: coloured by `colors`, labelled `<codes>.<code>` in the locale files. */
export function StatusTag({
  code,
  codes,
  colors,
  ...tag
}: Omit<TagProps, 'color' | 'children'> & { code: number; codes: string; colors: TTagColors }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[code] ?? 'default'} {...tag}>
      {t(`${codes}.${code}`)}
    </Tag>
  );
}
