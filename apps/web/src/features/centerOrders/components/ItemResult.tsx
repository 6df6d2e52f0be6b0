import { Descriptions, Tag } from 'antd';
import type { OrderDetail } from '@gemqc/contract';
import { mt } from '../../orders';
import { useCt } from '../i18n';

const COLORS: Record<string, string> = { pass: 'success', fail: 'error', unable: 'warning' };

export function ResultTag({ result }: { result: string | null }) {
  const t = useCt();
  if (!result) return <Tag>{t('detail.noResult')}</Tag>;
  return <Tag color={COLORS[result] ?? 'default'}>{mt(`result.${result}`, { defaultValue: result })}</Tag>;
}

type Inspection = OrderDetail['inspections'][number];

/** The measured fields of one item's inspection (the expanded row of the items table). */
export function InspectionFields({ ins }: { ins: Inspection | undefined }) {
  const t = useCt();
  if (!ins) return null;
  const rows: [string, string][] = [
    ['detail.mass', ins.mass !== null ? `${ins.mass} ${ins.mass_unit}` : ''],
    ['detail.shape', ins.shape],
    ['detail.colour', ins.colour],
    ['detail.refractiveIndex', ins.refractive_index],
    ['detail.density', ins.density],
    ['detail.magnification', ins.magnification],
    ['detail.purity', ins.purity],
    ['detail.remarks', ins.remarks],
    ['detail.inspector', ins.inspector_name],
  ];
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <Descriptions.Item key={k} label={t(k)}>
            {v}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}
