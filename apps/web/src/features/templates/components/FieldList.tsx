import { Collapse, Typography } from 'antd';
import type { TemplateField } from '@gemqc/contract';
import { useTt } from '../i18n';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

function exampleOf(v: unknown): string {
  if (Array.isArray(v)) return `[${v.length}]`;
  return v === undefined || v === null ? '' : String(v);
}

/** The data fields of the template's kind, with the sample values test prints use. */
export function FieldList({ fields, sample }: { fields: TemplateField[]; sample: Record<string, unknown> | undefined }) {
  const t = useTt();
  return (
    <Collapse
      size="small"
      className="tpl-fields"
      items={[
        {
          key: 'fields',
          label: `${t('fieldsTitle')}（${fields.length}）`,
          children: (
            <>
              <Typography.Paragraph type="secondary">{t('fieldsHint')}</Typography.Paragraph>
              <ResponsiveTable<TemplateField>
                rowKey="name"
                size="small"
                pagination={false}
                dataSource={fields}
                columns={[
                  { title: t('fieldTitle'), dataIndex: 'title', width: 160 },
                  { title: t('fieldCode'), dataIndex: 'name', width: 180, render: (n: string) => <code>{`{${n}}`}</code> },
                  {
                    title: t('sample'),
                    key: 'sample',
                    render: (_v, f) => (f.columns ? f.columns.map((c) => c.title).join(' / ') : exampleOf(sample?.[f.name])),
                  },
                ]}
              />
            </>
          ),
        },
      ]}
    />
  );
}
