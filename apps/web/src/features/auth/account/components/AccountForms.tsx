import { useEffect } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { editUserBody, password as passwordRule } from '@gemqc/contract';
import { useEditAccount } from '../api';
import { useUserStore } from '../../../../session/user';
import { showErrorOnce } from '../../../../lib/request';
import { zodRule } from '../../../../lib/formRules';

const fields = editUserBody.shape;

interface ProfileValues {
  name: string;
  avatar: string;
  introduction: string;
}
interface PasswordValues {
  old_password: string;
  password: string;
  confirm: string;
}

/** Own name, avatar URL and introduction (账号信息 page, and the merchant's 账号设置 dialog). */
export function ProfileForm({ user, onSaved }: { user: { name: string; avatar: string; introduction: string }; onSaved?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userType = useUserStore((s) => s.user_type);
  const edit = useEditAccount(userType);
  const [profile] = Form.useForm<ProfileValues>();

  useEffect(() => {
    profile.setFieldsValue({ name: user.name, avatar: user.avatar, introduction: user.introduction });
  }, [user, profile]);

  return (
    <Form<ProfileValues>
      form={profile}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) =>
        edit.mutate(
          { name: v.name.trim(), avatar: (v.avatar ?? '').trim(), introduction: (v.introduction ?? '').trim() },
          {
            onSuccess: () => {
              void message.success(t('account.saved'));
              onSaved?.();
            },
            onError: showErrorOnce,
          },
        )
      }
    >
      <Form.Item name="name" label={t('account.name')} rules={[zodRule(fields.name.unwrap())]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="avatar" label={t('account.avatarUrl')} rules={[zodRule(fields.avatar)]}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="introduction" label={t('account.introduction')} rules={[zodRule(fields.introduction)]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={edit.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** Change password: the old one, then the new one twice. */
export function PasswordForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userType = useUserStore((s) => s.user_type);
  const edit = useEditAccount(userType);
  const [pwd] = Form.useForm<PasswordValues>();

  return (
    <Form<PasswordValues>
      form={pwd}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) =>
        edit.mutate(
          { old_password: v.old_password, password: v.password },
          {
            onSuccess: () => {
              pwd.resetFields();
              void message.success(t('account.passwordChanged'));
              onSaved?.();
            },
            onError: showErrorOnce,
          },
        )
      }
    >
      <Form.Item name="old_password" label={t('account.oldPassword')} rules={[zodRule(passwordRule)]}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" label={t('account.newPassword')} rules={[zodRule(passwordRule)]}>
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_r: unknown, value: string) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('account.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={edit.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
