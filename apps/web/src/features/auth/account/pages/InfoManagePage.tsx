import { Avatar, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../api';
import { useUserStore } from '../../../../session/user';
import { parseTime } from '../../../../lib/time';
import { PasswordForm, ProfileForm } from '../components/AccountForms';

/** 账号信息 of the warehouse and service-centre portals: view the account and centre, edit profile, change password. */
export default function InfoManagePage() {
  const { t } = useTranslation();
  const userType = useUserStore((s) => s.user_type);
  const info = useAccountInfo(userType);
  const user = info.data?.userInfo;
  const centre = info.data?.centerInfo;

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

      {centre && (
        <Card title={t('account.centre')} size="small">
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label={t('account.centreName')}>{centre.name}</Descriptions.Item>
            <Descriptions.Item label={t('account.centreCode')}>{centre.code || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.contact')}>{centre.contact || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.contactMobile')}>{centre.mobile || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.address')}>{centre.address || none}</Descriptions.Item>
            <Descriptions.Item label={t('account.returnAddress')}>{centre.return_address || none}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}

      <div className="info-manage__forms">
      <Card title={t('account.editProfile')} size="small">
        <ProfileForm user={user} />
      </Card>

      <Card title={t('account.changePassword')} size="small">
        <PasswordForm />
      </Card>
      </div>
    </div>
  );
}
