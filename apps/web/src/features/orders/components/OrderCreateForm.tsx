import { Alert, Button, Card, Col, DatePicker, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { mobile, orderCreateBody, orderCreateItem, yuanToFen } from '@gemqc/contract';
import { useUserStore } from '../../../session/user';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { formatFen } from '../../../lib/money';
import { useCreateOrder } from '../api';
import { useMt } from '../i18n';
import { zodRule } from '../../../lib/formRules';
import { useShops } from '../../shops';
import { GemSelect, useStations } from '../../catalogue';
import { WeightLabel } from './WeightLabel';
import { toCreateBody, type OrderFormValues } from '../orderForm';
import { AuthNotApprovedAlert } from '../../merchants';

const B = orderCreateBody.shape;
const I = orderCreateItem.shape;

/** The new testing order form (shop + platform order, or manual entry). */
export function OrderCreateForm({ authStatus }: { authStatus: number }) {
  const t = useMt();
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
        ui().message.success(t('create.created', { no: r.order_no }));
        navigate(print ? `/trader/order/print?ids=${r.id}` : `/trader/order/detail?id=${r.id}`);
      },
      onError: showErrorOnce,
    });
  };

  const stationOptions = (stations.data ?? []).map((s) => ({ value: s.id, label: s.name, title: s.address }));
  const req = (k: string) => t('create.required', { field: t(k) });

  return (
    <Card title={t('create.createTitle')}>
      <AuthNotApprovedAlert status={authStatus} />
      <Form<OrderFormValues>
        form={form}
        layout="vertical"
        initialValues={{ source: 'manual', start_time: dayjs(), items: [{}] }}
        onFinish={(v) => submit(v, false)}
        style={{ maxWidth: 980 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="source" label={t('create.source')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'manual', label: t('create.sourceManual') },
                  { value: 'shop', label: t('create.sourceShop') },
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
            title={t('create.shopHint')}
            action={<Button size="small" onClick={() => navigate('/trader/order/detection')}>{t('orders.goDetection')}</Button>}
          />
        )}
        {source === 'shop' && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="shop_id" label={t('create.selectShop')} rules={[{ required: true, message: req('create.selectShop') }]}>
                <Select
                  loading={shops.isPending}
                  notFoundContent={t('create.noShop')}
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
          rules={[{ validator: (_r, v: unknown[] | undefined) => (v && v.length ? Promise.resolve() : Promise.reject(new Error(t('create.itemsRequired')))) }]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Row gutter={12} key={field.key} align="top">
                  <Col xs={24} sm={12} md={7}>
                    <Form.Item name={[field.name, 'name']} required label={t('create.itemName')} rules={[zodRule(I.name, req('create.itemName'))]}>
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12} md={5}>
                    <Form.Item name={[field.name, 'category_id']} label={t('create.itemCategory')} rules={[{ required: true, message: req('create.itemCategory') }]}>
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
                      label={t('create.itemValue')}
                      rules={[
                        {
                          validator: (_r, v: number | string | null | undefined) =>
                            v === undefined || v === null || v === '' || (yuanToFen(v, { roundNumbers: true }) ?? -1) >= 0 ? Promise.resolve() : Promise.reject(new Error(t('create.valueInvalid'))),
                        },
                      ]}
                    >
                      <InputNumber<number> min={0} max={1e8} precision={2} prefix="¥" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8} md={3}>
                    <Form.Item label=" " colon={false}>
                      <Button icon={<MinusCircleOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)}>
                        {t('create.removeItem')}
                      </Button>
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Space align="center" style={{ marginBottom: 16 }}>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= 20}>
                  {t('create.addItem')}
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
            <Form.Item name="buyer_name" required label={t('create.buyerName')} rules={[zodRule(B.buyer_name, req('create.buyerName'))]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="buyer_phone" required label={t('create.buyerPhone')} rules={[zodRule(mobile, t('create.mobileInvalid'))]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="start_time" label={t('create.startTime')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="buyer_address" required label={t('create.buyerAddress')} rules={[zodRule(B.buyer_address, req('create.buyerAddress'))]}>
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
            {t('create.createAndPrint')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
