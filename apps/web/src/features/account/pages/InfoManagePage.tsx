import { useEffect } from 'react';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { editUserBody, password as passwordRule } from '@gemqc/contract';
import { useAccountInfo, useEditAccount } from '../api';
import { useUserStore } from '../../../app/stores/user';
import { showErrorOnce } from '../../../lib/request';
import { zodRule } from '../../../lib/formRules';
import { parseTime } from '../../../lib/time';

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

/** 账号信息 of the warehouse and service-centre portals: view the account and centre, edit profile, change password. */
export default function InfoManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userType = useUserStore((s) => s.user_type);
  const info = useAccountInfo(userType);
  const edit = useEditAccount(userType);
  const [profile] = Form.useForm<ProfileValues>();
  const [pwd] = Form.useForm<PasswordValues>();
  const user = info.data?.userInfo;
  const center = info.data?.centerInfo;

  useEffect(() => {
    if (user) profile.setFieldsValue({ name: user.name, avatar: user.avatar, introduction: user.introduction });
  }, [user, profile]);

  if (info.isPending) return <Skeleton active />;
  if (!user) return null;
  const none = t('common.none');

  return (
    <div className="info-manage">
      <Card title={t('account.user')} size="small">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('account.avatar')}>
            <Avatar src={user.avatar || undefined} style={{ background: '#1890ff' }}>
              {user.name.slice(0, 1)}
            </Avatar>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.name')}>{user.name || none}</Descriptions.Item>
          <Descriptions.Item label={t('account.mobile')}>{user.mobile}</Descriptions.Item>
          <Descriptions.Item label={t('account.accountType')}>
            <Tag color={user.is_owner ? 'blue' : 'default'}>{user.is_owner ? t('account.owner') : t('account.subAccount')}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.status')}>
            <Tag color={user.status_id === 1 ? 'green' : 'red'}>{user.status_id === 1 ? t('account.enabled') : t('account.disabled')}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.lastLogin')}>{parseTime(user.last_login_at) ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('account.introduction')} span={3}>
            {user.introduction || none}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      {center && (
        <Card title={t('account.center')} size="small">
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label={t('account.centerName')}>{center.name}</Descriptions.Item>
            <Descriptions.Item label={t('account.centerCode')}>{center.code || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.contact')}>{center.contact || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.contactMobile')}>{center.mobile || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.address')}>{center.address || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.returnAddress')}>{center.return_address || none}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}

      <div className="info-manage__forms">
      <Card title={t('account.editProfile')} size="small">
        <Form<ProfileValues>
          form={profile}
          layout="vertical"
          style={{ maxWidth: 480 }}
          onFinish={(v) =>
            edit.mutate(
              { name: v.name.trim(), avatar: (v.avatar ?? '').trim(), introduction: (v.introduction ?? '').trim() },
              { onSuccess: () => message.success(t('account.saved')), onError: showErrorOnce },
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
      </Card>

      <Card title={t('account.changePassword')} size="small">
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
                  message.success(t('account.passwordChanged'));
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
      </Card>
      </div>
    </div>
  );
}
