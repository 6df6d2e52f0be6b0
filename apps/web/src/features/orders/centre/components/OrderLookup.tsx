import { Card, Empty, Input, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCentreOrderList } from '../api';
import { lookupQuery, toSearchParams } from '../filters';
import { useCt } from '../i18n';
import { CENTRE_PATHS } from '../paths';

/** 订单详情 opened without an order (from the menu): type or scan an order no / waybill to open it. */
export function OrderLookup({ notFound = false }: { notFound?: boolean }) {
  const t = useCt();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState('');
  const q = useMemo(() => lookupQuery(submitted), [submitted]);
  const found = useCentreOrderList(q ?? { page: 1, page_size: 2 }, !!q);
  const answer = q && found.data && !found.isPlaceholderData ? found.data : null;
  const missing = q ? answer?.total === 0 : notFound;

  useEffect(() => {
    if (!q || !answer) return;
    if (answer.total === 1 && answer.list[0]) navigate(CENTRE_PATHS.detail(answer.list[0].id));
    else if (answer.total > 1) navigate(CENTRE_PATHS.listWith(toSearchParams({ ...q, page: 1, page_size: 20 })));
  }, [answer, q, navigate]);

  return (
    <div className="center-page">
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{t('detail.lookupHint')}</Typography.Text>}>
          <Input.Search
            autoFocus
            allowClear
            enterButton={t('detail.open')}
            placeholder={t('detail.lookupPlaceholder')}
            style={{ maxWidth: 420 }}
            value={value}
            loading={found.isFetching}
            onChange={(e) => setValue(e.target.value)}
            onSearch={(v) => setSubmitted(v.trim())}
            aria-label={t('detail.lookupPlaceholder')}
          />
          {missing && (
            <div style={{ marginTop: 12 }}>
              <Typography.Text type="danger" data-testid="lookup-missing">
                {t('detail.notFound')}
              </Typography.Text>
            </div>
          )}
        </Empty>
      </Card>
    </div>
  );
}
