import type { ReactNode } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { EnvironmentOutlined, LockOutlined, MobileOutlined, SafetyOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { centerRegisterBody, merchantRegisterBody, mobile, password, smsCode } from '@gemqc/contract';
import { useRegisterCentre, useRegisterMerchant, type CentreRegisterValues, type MerchantRegisterValues } from '../api';
import { useLoginSuccess, useSendSms } from '../loginHooks';
import { SMS_RESEND_SECONDS } from './LoginForm';
import { useCountdown } from '../../../lib/useCountdown';
import { useRt } from '../i18n';
import { fieldRule } from '../validation';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';

type AccountValues = MerchantRegisterValues & { confirm: string };

const NAME_MAX = merchantRegisterBody.shape.name.maxLength ?? 50;
const CENTRE_NAME_MAX = centerRegisterBody.shape.center_name.maxLength ?? 50;
const CENTRE_ADDRESS_MAX = centerRegisterBody.shape.center_address.maxLength ?? 200;

/**
 * The fields both forms share: 手机号, 验证码 with 获取验证码 (an SMS with only the mobile, as on
 * login; then the 60 s resend countdown), 密码 (the server's rules), 确认密码 (must match).
 */
function AccountFields({ formName }: { formName: string }) {
  const t = useRt();
  const { t: tc } = useTranslation();
  const form = Form.useFormInstance<AccountValues>();
  const sms = useSendSms();
  const { left, start } = useCountdown();

  const sendCode = async () => {
    if (left > 0 || sms.isPending) return;
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    sms.mutate(form.getFieldValue('mobile') as string, {
      onSuccess: () => {
        start(SMS_RESEND_SECONDS);
        ui().message.success(tc('login.codeSent'), 3);
      },
      onError: showErrorOnce,
    });
  };

  return (
    <>
      <Form.Item name="mobile" label={tc('login.mobile')} rules={[fieldRule(mobile)]}>
        <Input prefix={<MobileOutlined />} type="tel" inputMode="numeric" autoComplete="username" maxLength={20} placeholder={tc('login.mobilePlaceholder')} />
      </Form.Item>
      <Form.Item label={tc('login.code')} htmlFor={`${formName}_code`} required={false}>
        <div className="register-code">
          <Form.Item name="code" noStyle rules={[fieldRule(smsCode)]}>
            <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={tc('login.codePlaceholder')} />
          </Form.Item>
          <Button className="register-sms" color="primary" variant="outlined" disabled={left > 0 || sms.isPending} onClick={() => void sendCode()}>
            {left > 0 ? tc('login.resend', { n: left }) : tc('login.sendCode')}
          </Button>
        </div>
      </Form.Item>
      <Form.Item name="password" label={tc('login.password')} rules={[fieldRule(password)]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={64} placeholder={t('passwordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirm')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            required: true,
            validator: (_rule: unknown, value: unknown) => {
              if (!value) return Promise.reject(new Error(t('confirmRequired')));
              if (value !== getFieldValue('password')) return Promise.reject(new Error(t('confirmMismatch')));
              return Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={64} placeholder={t('confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}

/**
 * The antd form both registrations use: fields checked on blur (and again on every change once
 * they show an error, as on the login form), all of them on submit; Enter in any field submits.
 */
function RegisterFormShell<V extends AccountValues>(props: {
  name: string;
  form: FormInstance<V>;
  pending: boolean;
  submit: string;
  onFinish: (values: V) => void;
  children: ReactNode;
}) {
  const { form } = props;
  return (
    <Form<V>
      form={form}
      name={props.name}
      layout="vertical"
      size="large"
      requiredMark={false}
      validateTrigger="onBlur"
      className="register-form"
      onValuesChange={(changed: Partial<V>) => {
        for (const key of Object.keys(changed)) {
          if (form.getFieldError(key as never).length) form.validateFields([key as never]).catch(() => undefined);
        }
      }}
      onFinish={(values) => {
        if (!props.pending) props.onFinish(values);
      }}
    >
      {props.children}
      <AccountFields formName={props.name} />
      <Button type="primary" htmlType="submit" block loading={props.pending} className="register-submit">
        {props.submit}
      </Button>
    </Form>
  );
}

/** 商家注册: the merchant is signed in at once, exactly as after a password login, and told 注册成功. */
export function MerchantRegisterForm() {
  const t = useRt();
  const [form] = Form.useForm<AccountValues>();
  const register = useRegisterMerchant();
  const onLoggedIn = useLoginSuccess('trader');
  return (
    <RegisterFormShell
      name="merchantRegister"
      form={form}
      pending={register.isPending}
      submit={t('submit.trader')}
      onFinish={(v) =>
        register.mutate(v, {
          onSuccess: (data) => {
            onLoggedIn(data);
            ui().message.success(t('registered'), 3);
          },
          onError: showErrorOnce,
        })
      }
    >
      <Form.Item name="name" label={t('merchantName')} rules={[fieldRule(merchantRegisterBody.shape.name)]}>
        <Input prefix={<ShopOutlined />} autoComplete="organization" maxLength={NAME_MAX} placeholder={t('merchantNamePlaceholder')} autoFocus />
      </Form.Item>
    </RegisterFormShell>
  );
}

/** 服务中心入驻申请: the account waits for a manager's approval; the panel then shows the result. */
export function CentreRegisterForm({ onSubmitted }: { onSubmitted: (mobile: string) => void }) {
  const t = useRt();
  const [form] = Form.useForm<CentreRegisterValues & { confirm: string }>();
  const register = useRegisterCentre();
  return (
    <RegisterFormShell
      name="centreRegister"
      form={form}
      pending={register.isPending}
      submit={t('submit.base')}
      onFinish={(v) => register.mutate(v, { onSuccess: () => onSubmitted(v.mobile.trim()), onError: showErrorOnce })}
    >
      <Form.Item name="centreName" label={t('centreName')} rules={[fieldRule(centerRegisterBody.shape.center_name)]}>
        <Input prefix={<ShopOutlined />} autoComplete="organization" maxLength={CENTRE_NAME_MAX} placeholder={t('centreNamePlaceholder')} autoFocus />
      </Form.Item>
      <Form.Item name="centreAddress" label={t('centreAddress')} rules={[fieldRule(centerRegisterBody.shape.center_address)]}>
        <Input prefix={<EnvironmentOutlined />} autoComplete="street-address" maxLength={CENTRE_ADDRESS_MAX} placeholder={t('centreAddressPlaceholder')} />
      </Form.Item>
      {/* the contract's `name` of a centre is its contact person; its zod message speaks of a 商家名称 */}
      <Form.Item
        name="name"
        label={t('contact')}
        rules={[
          {
            required: true,
            validator: (_rule: unknown, value: unknown) => {
              const v = typeof value === 'string' ? value.trim() : '';
              if (!v) return Promise.reject(new Error(t('contactRequired')));
              if (!centerRegisterBody.shape.name.safeParse(v).success) return Promise.reject(new Error(t('contactTooLong', { max: NAME_MAX })));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input prefix={<UserOutlined />} autoComplete="name" maxLength={NAME_MAX} placeholder={t('contactPlaceholder')} />
      </Form.Item>
    </RegisterFormShell>
  );
}
