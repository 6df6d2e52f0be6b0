import { Button, Card, Descriptions, Form, Input, Radio, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { interceptPolicies, returnMethods, smsCode, testingAuthFields, type TestingAuthInfo } from '@gemqc/contract';
import { ui } from '../../../lib/ui';
import { showErrorOnce } from '../../../lib/request';
import { useTestingT } from '../i18n';
import { trimValues, zodRule } from '../../../lib/formRules';
import { useAuthInfo, useChangeInterceptPolicy, useSendAuthSms, useSubmitAuth } from '../api';
import { AuthStatusBanner } from '../components/AuthStatusBanner';
import { SmsCodeButton } from '../components/SmsCodeButton';

interface AuthForm {
  company_name: string;
  licence_no: string;
  contact_person: string;
  contact_mobile: string;
  verify_code: string;
  return_address: string;
  return_method: 'post' | 'pickup';
  intercept_policy: 'after_sales_first' | 'shipping_first';
}

const F = testingAuthFields.shape;

/** 检测信息: the testing-authorisation form with SMS verification and its review status. */
export default function CheckInfoPage() {
  const t = useTestingT();
  const info = useAuthInfo({ always: true });
  const [editing, setEditing] = useState(false);

  if (info.isPending) return <Card><Skeleton active /></Card>;
  // A failed call still lets the merchant fill in the form (the gate sends failures here too).
  const data = info.data;
  const status = data?.status_id ?? -1;
  const showForm = editing || status === -1 || status === 2 || !data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {data && <AuthStatusBanner info={data} />}
      <Card title={t('testing.title')}>
        {showForm ? (
          <AuthFormCard info={data} onDone={() => setEditing(false)} />
        ) : (
          <>
            <AuthSummary info={data} />
            <InterceptPolicyEditor info={data} />
            {status !== 1 && (
              <Button style={{ marginTop: 16 }} onClick={() => setEditing(true)}>
                {t('testing.resubmit')}
              </Button>
            )}
          </>
        )}
      </Card>
    </Space>
  );
}

function AuthSummary({ info }: { info: TestingAuthInfo }) {
  const t = useTestingT();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
      <Descriptions.Item label={t('testing.company')}>{info.company_name}</Descriptions.Item>
      <Descriptions.Item label={t('testing.licence')}>{info.licence_no}</Descriptions.Item>
      <Descriptions.Item label={t('testing.contact')}>{info.contact_person}</Descriptions.Item>
      <Descriptions.Item label={t('testing.contactMobile')}>{info.contact_mobile}</Descriptions.Item>
      <Descriptions.Item label={t('testing.returnAddress')} span={2}>{info.return_address}</Descriptions.Item>
      <Descriptions.Item label={t('testing.returnMethod')}>{t(`testing.returnMethods.${info.return_method}`, { defaultValue: info.return_method })}</Descriptions.Item>
      <Descriptions.Item label={t('testing.interceptPolicy')}>{t(`testing.interceptPolicies.${info.intercept_policy}`, { defaultValue: info.intercept_policy })}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 修改拦截策略: the merchant changes it at any time, without a new review (the company details keep
 * their approval); refunds that arrive afterwards follow it.
 */
function InterceptPolicyEditor({ info }: { info: TestingAuthInfo }) {
  const t = useTestingT();
  const change = useChangeInterceptPolicy();
  const current = info.intercept_policy === 'shipping_first' ? 'shipping_first' : 'after_sales_first';
  const [value, setValue] = useState<'after_sales_first' | 'shipping_first'>(current);
  useEffect(() => setValue(current), [current]);
  return (
    <Card size="small" title={t('testing.policyChange.title')} style={{ marginTop: 16 }} data-testid="policy-editor">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Radio.Group value={value} onChange={(e) => setValue(e.target.value as typeof value)}>
          {interceptPolicies.map((p) => (
            <Radio key={p.value} value={p.value}>
              {t(`testing.interceptPolicies.${p.value}`)}
            </Radio>
          ))}
        </Radio.Group>
        <span className="small" style={{ color: 'var(--ant-color-text-secondary, #888)' }}>
          {t('testing.policyChange.hint')}
        </span>
        <Button
          type="primary"
          disabled={value === current}
          loading={change.isPending}
          data-testid="policy-save"
          onClick={() => change.mutate(value, { onSuccess: () => ui().message.success(t('testing.policyChange.saved')), onError: showErrorOnce })}
        >
          {t('testing.policyChange.save')}
        </Button>
      </Space>
    </Card>
  );
}

export function AuthFormCard({ info, onDone }: { info: TestingAuthInfo | undefined; onDone: () => void }) {
  const t = useTestingT();
  const [form] = Form.useForm<AuthForm>();
  const submit = useSubmitAuth();
  const sms = useSendAuthSms();

  useEffect(() => {
    if (!info || info.status_id === -1) return;
    form.setFieldsValue({
      company_name: info.company_name,
      licence_no: info.licence_no,
      contact_person: info.contact_person,
      contact_mobile: info.contact_mobile,
      return_address: info.return_address,
      return_method: info.return_method === 'pickup' ? 'pickup' : 'post',
      intercept_policy: info.intercept_policy === 'shipping_first' ? 'shipping_first' : 'after_sales_first',
    });
  }, [info, form]);

  const onFinish = (values: AuthForm) => {
    submit.mutate(trimValues(values), {
      onSuccess: () => {
        ui().message.success(t('testing.submitted'));
        onDone();
      },
      onError: showErrorOnce,
    });
  };

  const req = (field: string) => t('testing.required', { field: t(field) });

  return (
    <Form<AuthForm>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '130px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 720 }}
      initialValues={{ return_method: 'post', intercept_policy: 'after_sales_first' }}
      onFinish={onFinish}
      requiredMark
    >
      <Form.Item name="company_name" label={t('testing.company')} required rules={[zodRule(F.company_name, req('testing.company'))]}>
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="licence_no" label={t('testing.licence')} required rules={[zodRule(F.licence_no, req('testing.licence'))]}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="contact_person" label={t('testing.contact')} required rules={[zodRule(F.contact_person, req('testing.contact'))]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="contact_mobile" label={t('testing.contactMobile')} required rules={[zodRule(F.contact_mobile, t('testing.mobileInvalid'))]}>
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('testing.smsCode')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="verify_code" noStyle rules={[zodRule(smsCode, t('testing.codeInvalid'))]}>
            <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <SmsCodeButton
            beforeSend={() => form.validateFields(['contact_mobile']).then(() => true, () => false)}
            onSend={async () => {
              const r = await sms.mutateAsync(form.getFieldValue('contact_mobile') as string);
              ui().message.success(t('testing.smsSent'));
              return r.resend_after;
            }}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="return_address" label={t('testing.returnAddress')} required rules={[zodRule(F.return_address, req('testing.returnAddress'))]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="return_method" label={t('testing.returnMethod')} required>
        <Radio.Group options={returnMethods.map((m) => ({ value: m.value, label: t(`testing.returnMethods.${m.value}`) }))} />
      </Form.Item>
      <Form.Item name="intercept_policy" label={t('testing.interceptPolicy')} required>
        <Radio.Group options={interceptPolicies.map((m) => ({ value: m.value, label: t(`testing.interceptPolicies.${m.value}`) }))} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('common.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
