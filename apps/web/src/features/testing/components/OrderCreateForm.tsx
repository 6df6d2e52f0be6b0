import { Alert, Button, Card, Col, DatePicker, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { mobile, orderCreateBody, orderCreateItem, yuanToFen } from '@gemqc/contract';
import { useUserStore } from '../../../app/stores/user';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { formatFen } from '../../../lib/money';
import { useCreateOrder } from '../../orders';
import { useTestingT } from '../i18n';
import { zodRule } from '../../../lib/formRules';
import { useShops } from '../../shops';
import { GemSelect, useStations } from '../../catalogue';
import { WeightLabel } from './WeightLabel';
import { toCreateBody, type OrderFormValues } from '../orderForm';

const B = orderCreateBody.shape;
const I = orderCreateItem.shape;

/** The new testing order form (shop + platform order, or manual entry). */
export function OrderCreateForm({ authStatus }: { authStatus: number }) {
  const t = useTestingT();
  const navigate = useNavigate();
  const [form] = Form.useForm<OrderFormValues>();
  const stations = useStations();
  const shops = useShops();
  const create = useCreateOrder();
  const source = Form.useWatch('source', form);
  const items = Form.useWatch('items', form);
  const totalFen = (items ?? []).reduce((sum, it) => sum + (yuanToFen(it?.value ?? null, { roundNumbers: true }) ?? 0), 0);
  const myCentre = useUserStore((s) => s.centerInfo?.id);

  // The merchant's own centre (else the first one) is preselected once the list arrives.
  useEffect(() => {
    const list = stations.data;
    if (!list?.length || form.getFieldValue('centre_id')) return;
    form.setFieldValue('centre_id', list.find((s) => s.id === myCentre)?.id ?? list[0]?.id);
  }, [stations.data, myCentre, form]);

  const submit = (values: OrderFormValues, print: boolean) => {
    create.mutate(toCreateBody(values), {
      onSuccess: (r) => {
        ui().message.success(t('testing.created', { no: r.order_no }));
        navigate(print ? `/trader/order/print?ids=${r.id}` : `/trader/order/detail?id=${r.id}`);
      },
      onError: showErrorOnce,
    });
  };

  const stationOptions = (stations.data ?? []).map((s) => ({ value: s.id, label: s.name, title: s.address }));
  const req = (k: string) => t('testing.required', { field: t(k) });

  return (
    <Card title={t('testing.createTitle')}>
      {authStatus !== 1 && (
        <Alert
          style={{ marginBottom: 16 }}
          type={authStatus === 2 ? 'error' : 'warning'}
          showIcon
          title={authStatus === 2 ? t('testing.statusRejected') : t('testing.statusPending')}
          description={t('testing.pendingHint')}
          action={<Button size="small" onClick={() => navigate('/trader/order/checkInfo')}>{t('testing.title')}</Button>}
        />
      )}
      <Form<OrderFormValues>
        form={form}
        layout="vertical"
        initialValues={{ source: 'manual', start_time: dayjs(), items: [{}] }}
        onFinish={(v) => submit(v, false)}
        style={{ maxWidth: 980 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="source" label={t('testing.source')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'manual', label: t('testing.sourceManual') },
                  { value: 'shop', label: t('testing.sourceShop') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="centre_id" label={t('orders.centre')} rules={[{ required: true, message: req('orders.centre') }]}>
              <Select loading={stations.isPending} options={stationOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        </Row>
        {source === 'shop' && (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title={t('testing.shopHint')}
            action={<Button size="small" onClick={() => navigate('/trader/order/detection')}>{t('orders.goDetection')}</Button>}
          />
        )}
        {source === 'shop' && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="shop_id" label={t('testing.selectShop')} rules={[{ required: true, message: req('testing.selectShop') }]}>
                <Select
                  loading={shops.isPending}
                  notFoundContent={t('testing.noShop')}
                  options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.shop_name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="platform_order_id" required label={t('orders.platformOrderId')} rules={[{ required: true, message: req('orders.platformOrderId') }, zodRule(B.platform_order_id)]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
          </Row>
        )}

        <Divider titlePlacement="start">{t('orders.items')}</Divider>
        <Form.List
          name="items"
          rules={[{ validator: (_r, v: unknown[] | undefined) => (v && v.length ? Promise.resolve() : Promise.reject(new Error(t('testing.itemsRequired')))) }]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Row gutter={12} key={field.key} align="top">
                  <Col xs={24} sm={12} md={7}>
                    <Form.Item name={[field.name, 'name']} required label={t('testing.itemName')} rules={[zodRule(I.name, req('testing.itemName'))]}>
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12} md={5}>
                    <Form.Item name={[field.name, 'category_id']} label={t('testing.itemCategory')} rules={[{ required: true, message: req('testing.itemCategory') }]}>
                      <GemSelect />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={8} md={4}>
                    <Form.Item name={[field.name, 'weight']} label={<WeightLabel row={field.name} />}>
                      <InputNumber min={0} max={100000} precision={3} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={8} md={5}>
                    <Form.Item
                      name={[field.name, 'value']}
                      label={t('testing.itemValue')}
                      rules={[
                        {
                          validator: (_r, v: number | string | null | undefined) =>
                            v === undefined || v === null || v === '' || (yuanToFen(v, { roundNumbers: true }) ?? -1) >= 0 ? Promise.resolve() : Promise.reject(new Error(t('testing.valueInvalid'))),
                        },
                      ]}
                    >
                      <InputNumber<number> min={0} max={1e8} precision={2} prefix="¥" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8} md={3}>
                    <Form.Item label=" " colon={false}>
                      <Button icon={<MinusCircleOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)}>
                        {t('testing.removeItem')}
                      </Button>
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Space align="center" style={{ marginBottom: 16 }}>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= 20}>
                  {t('testing.addItem')}
                </Button>
                <Typography.Text type="secondary">
                  {t('orders.declaredValue')}：{formatFen(totalFen)}
                </Typography.Text>
              </Space>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('orders.buyer')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="buyer_name" required label={t('testing.buyerName')} rules={[zodRule(B.buyer_name, req('testing.buyerName'))]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="buyer_phone" required label={t('testing.buyerPhone')} rules={[zodRule(mobile, t('testing.mobileInvalid'))]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="start_time" label={t('testing.startTime')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="buyer_address" required label={t('testing.buyerAddress')} rules={[zodRule(B.buyer_address, req('testing.buyerAddress'))]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="remark" label={t('orders.remark')}>
          <Input maxLength={200} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('common.submit')}
          </Button>
          <Button
            loading={create.isPending}
            onClick={() => void form.validateFields().then((v) => submit(v, true), () => undefined)}
          >
            {t('testing.createAndPrint')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
