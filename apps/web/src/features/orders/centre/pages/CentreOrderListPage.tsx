import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderRow } from '@gemqc/contract';
import { CentreFilterForm } from '../components/CentreFilterForm';
import { OrderListCard, rowClass } from '../components/OrderListCard';
import { fromSearchParams, toListQuery, toSearchParams, type CentreFilterValues } from '../filters';
import { useCt } from '../i18n';
import { CENTRE_PATHS } from '../paths';
import '../centre.css';
import { useUrlList } from '../../../../components/useUrlList';
import { sortOf } from '../../sort';

export { rowClass };

const toParams = (v: CentreFilterValues, page: number, pageSize: number) => toSearchParams(toListQuery(v, page, pageSize));

/** 订单查询: the service centre's orders (failed load, nothing matches and 查询's fresh data: OrderListCard). */
export default function CentreOrderListPage() {
  const t = useCt();
  const url = useUrlList(fromSearchParams, toParams);
  const { query, values } = url;
  const detailLink = (r: OrderRow, text: ReactNode, className?: string) => (
    <Link to={CENTRE_PATHS.detail(r.id)} className={className}>
      {text}
    </Link>
  );

  return (
    <div className="center-page">
      <Card size="small">
        <CentreFilterForm values={values} onSearch={(v) => url.search({ ...v, ...sortOf(values) })} onReset={url.reset} />
      </Card>
      <OrderListCard
        query={query}
        pagination={url.pagination}
        source={url.source}
        toolbarClass="center-toolbar"
        columnsKey="base.orders"
        onSort={(sort) => url.go({ ...values, ...sort })}
        orderLink={(r) => detailLink(r, r.order_no, 'mono')}
        detailAction={(r) => detailLink(r, t('common.detail'))}
        note={(rows) => {
          const overdueHere = rows.filter((r) => r.overdue).length;
          return overdueHere > 0 && <Typography.Text type="danger">{t('list.overdueCount', { n: overdueHere })}</Typography.Text>;
        }}
      />
    </div>
  );
}
