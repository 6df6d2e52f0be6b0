import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useCenterOrderDetail } from '../api';
import { OrderDetailView } from '../components/OrderDetailView';
import { OrderLookup } from '../components/OrderLookup';
import { useCt } from '../i18n';
import { CENTER_PATHS } from '../paths';
import '../centre.css';

/** 订单详情 (service centre): the order, its items and results, certificates, recordings, codes and timeline. */
export default function CenterOrderDetailPage() {
  const t = useCt();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const id = sp.get('id');
  const q = useCenterOrderDetail(id);

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
        <Button icon={<ArrowLeftOutlined />} onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(CENTER_PATHS.list))}>
          {t('common.back')}
        </Button>
      }
    />
  );
}
