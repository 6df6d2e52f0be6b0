import { Form } from 'antd';
import { useGems } from '../../catalogue';
import { useMt } from '../i18n';

/** 重量 of an order item, in the unit of the category chosen on that row (g, or ct for diamonds). */
export function WeightLabel({ row }: { row: number }) {
  const t = useMt();
  const categoryId = Form.useWatch<string | undefined>(['items', row, 'category_id']);
  const unit = useGems().data?.find((g) => g.id === categoryId)?.unit ?? 'g';
  return <>{t('create.itemWeightIn', { unit })}</>;
}
