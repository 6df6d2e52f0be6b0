import { Button, Card, Descriptions, Form, Input, Radio, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { interceptPolicies, returnMethods, smsCode, merchantAuthorisationFields, type MerchantAuthorisation } from '@gemqc/contract';
import { ui } from '../../../lib/ui';
import { showErrorOnce } from '../../../lib/request';
import { useAt } from '../i18n';
import { trimValues, zodRule } from '../../../lib/formRules';
import { useAuthInfo, useChangeInterceptPolicy, useSendAuthSms, useSubmitAuth } from '../authorisation';
import { AuthStatusBanner } from '../components/AuthStatusBanner';
import { SmsCodeButton } from '../../../components/SmsCodeButton';

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

const F = merchantAuthorisationFields.shape;

/** 检测信息: the testing-authorisation form with SMS verification and its review status. */
export default function CheckInfoPage() {
  const t = useAt();
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
      <Card title={t('authorisation.title')}>
        {showForm ? (
          <AuthFormCard info={data} onDone={() => setEditing(false)} />
        ) : (
          <>
            <AuthSummary info={data} />
            <InterceptPolicyEditor info={data} />
            {status !== 1 && (
              <Button style={{ marginTop: 16 }} onClick={() => setEditing(true)}>
                {t('authorisation.resubmit')}
              </Button>
            )}
          </>
        )}
      </Card>
    </Space>
  );
}

function AuthSummary({ info }: { info: MerchantAuthorisation }) {
  const t = useAt();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
      <Descriptions.Item label={t('authorisation.company')}>{info.company_name}</Descriptions.Item>
      <Descriptions.Item label={t('authorisation.licence')}>{info.licence_no}</Descriptions.Item>
      <Descriptions.Item label={t('authorisation.contact')}>{info.contact_person}</Descriptions.Item>
      <Descriptions.Item label={t('authorisation.contactMobile')}>{info.contact_mobile}</Descriptions.Item>
      <Descriptions.Item label={t('authorisation.returnAddress')} span={2}>{info.return_address}</Descriptions.Item>
      <Descriptions.Item label={t('authorisation.returnMethod')}>{t(`authorisation.returnMethods.${info.return_method}`, { defaultValue: info.return_method })}</Descriptions.Item>
      <Descriptions.Item label={t('authorisation.interceptPolicy')}>{t(`authorisation.interceptPolicies.${info.intercept_policy}`, { defaultValue: info.intercept_policy })}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 修改拦截策略: the merchant changes it at any time, without a new review (the company details keep
 * their approval); refunds that arrive afterwards follow it.
 */
function InterceptPolicyEditor({ info }: { info: MerchantAuthorisation }) {
  const t = useAt();
  const change = useChangeInterceptPolicy();
  const current = info.intercept_policy === 'shipping_first' ? 'shipping_first' : 'after_sales_first';
  const [value, setValue] = useState<'after_sales_first' | 'shipping_first'>(current);
  useEffect(() => setValue(current), [current]);
  return (
    <Card size="small" title={t('authorisation.policyChange.title')} style={{ marginTop: 16 }} data-testid="policy-editor">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Radio.Group value={value} onChange={(e) => setValue(e.target.value as typeof value)}>
          {interceptPolicies.map((p) => (
            <Radio key={p.value} value={p.value}>
              {t(`authorisation.interceptPolicies.${p.value}`)}
            </Radio>
          ))}
        </Radio.Group>
        <span className="small" style={{ color: 'var(--ant-color-text-secondary, #888)' }}>
          {t('authorisation.policyChange.hint')}
        </span>
        <Button
          type="primary"
          disabled={value === current}
          loading={change.isPending}
          data-testid="policy-save"
          onClick={() => change.mutate(value, { onSuccess: () => ui().message.success(t('authorisation.policyChange.saved')), onError: showErrorOnce })}
        >
          {t('authorisation.policyChange.save')}
        </Button>
      </Space>
    </Card>
  );
}

export function AuthFormCard({ info, onDone }: { info: MerchantAuthorisation | undefined; onDone: () => void }) {
  const t = useAt();
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
        ui().message.success(t('authorisation.submitted'));
        onDone();
      },
      onError: showErrorOnce,
    });
  };

  const req = (field: string) => t('authorisation.required', { field: t(field) });

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
      <Form.Item name="company_name" label={t('authorisation.company')} required rules={[zodRule(F.company_name, req('authorisation.company'))]}>
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="licence_no" label={t('authorisation.licence')} required rules={[zodRule(F.licence_no, req('authorisation.licence'))]}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="contact_person" label={t('authorisation.contact')} required rules={[zodRule(F.contact_person, req('authorisation.contact'))]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="contact_mobile" label={t('authorisation.contactMobile')} required rules={[zodRule(F.contact_mobile, t('authorisation.mobileInvalid'))]}>
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('authorisation.smsCode')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="verify_code" noStyle rules={[zodRule(smsCode, t('authorisation.codeInvalid'))]}>
            <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <SmsCodeButton
            beforeSend={() => form.validateFields(['contact_mobile']).then(() => true, () => false)}
            onSend={async () => {
              const r = await sms.mutateAsync(form.getFieldValue('contact_mobile') as string);
              ui().message.success(t('authorisation.smsSent'));
              return r.resend_after;
            }}
            sendLabel={t('authorisation.smsSend')}
            resendLabel={(s) => t('authorisation.smsResend', { s })}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="return_address" label={t('authorisation.returnAddress')} required rules={[zodRule(F.return_address, req('authorisation.returnAddress'))]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="return_method" label={t('authorisation.returnMethod')} required>
        <Radio.Group options={returnMethods.map((m) => ({ value: m.value, label: t(`authorisation.returnMethods.${m.value}`) }))} />
      </Form.Item>
      <Form.Item name="intercept_policy" label={t('authorisation.interceptPolicy')} required>
        <Radio.Group options={interceptPolicies.map((m) => ({ value: m.value, label: t(`authorisation.interceptPolicies.${m.value}`) }))} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('authorisation.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
