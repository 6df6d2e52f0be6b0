import { Alert, Card, Result, Typography } from 'antd';
import type { FeeRuleNamespace } from '@gemqc/contract';
import { useUserStore } from '../../../session/user';
import { ListError } from '../../../components/ListState';
import { useHasPermission } from '../../../session/permissions';
import { useFeeRules } from '../api';
import { FeeRuleTable } from '../components/FeeRuleTable';
import { OverrideTable } from '../components/OverrideTable';
import { useFt } from '../i18n';
import '../feeRules.css';

/** 检测费配置 (/QIconfig/testingFee, /baseConfig/testingFee): fees per gem category and merchant prices. */
export default function TestingFeePage() {
  const t = useFt();
  const ns: FeeRuleNamespace = useUserStore((s) => s.user_type) === 'qualityInspection' ? 'warehouse' : 'center';
  const canView = useHasPermission('fee.view');
  const canEdit = useHasPermission('fee.manage');
  const rules = useFeeRules(ns, canView);

  if (!canView) return <Result status="403" title="403" subTitle={t('noPermission')} />;
  return (
    <div className="fee-page">
      <Card size="small" title={t('title')} className="fee-card">
        <Typography.Paragraph type="secondary" className="fee-intro">
          {t('intro')}
        </Typography.Paragraph>
        {!canEdit && <Alert type="info" showIcon className="fee-readonly" title={t('readOnly')} />}
        {rules.isError ? (
          <ListError error={rules.error} onRetry={() => void rules.refetch()} retrying={rules.isFetching} />
        ) : (
          <FeeRuleTable ns={ns} rows={rules.data ?? []} loading={rules.isFetching} canEdit={canEdit} />
        )}
      </Card>
      <OverrideTable ns={ns} categories={rules.data ?? []} canEdit={canEdit} />
    </div>
  );
}
