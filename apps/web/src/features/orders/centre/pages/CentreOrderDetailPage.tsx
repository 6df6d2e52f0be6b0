import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useCentreOrderDetail } from '../api';
import { OrderDetailView } from '../components/OrderDetailView';
import { OrderLookup } from '../components/OrderLookup';
import { useCt } from '../i18n';
import { CENTRE_PATHS } from '../paths';
import '../centre.css';

/** 订单详情 (service centre): the order, its items and results, certificates, recordings, codes and timeline. */
export default function CentreOrderDetailPage() {
  const t = useCt();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const id = sp.get('id');
  const q = useCentreOrderDetail(id);

  if (!id || q.isError) return <OrderLookup notFound={!!id} />;
  if (q.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );

  return (
    <OrderDetailView
      d={q.data}
      q={q}
      nav={
        <Button icon={<ArrowLeftOutlined />} onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(CENTRE_PATHS.list))}>
          {t('common.back')}
        </Button>
      }
    />
  );
}
