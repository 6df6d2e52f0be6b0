import { Descriptions, Modal, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../api';
import { useUserStore } from '../../../../session/user';
import { formatFen } from '../../../../lib/money';
import { PasswordForm, ProfileForm } from './AccountForms';

/**
 * 账号设置 of the merchant portal (opened from the user name in the header): the merchant route set
 * has no account page, so name, avatar, introduction and password are edited here
 * (`POST /merchant/v1/User/edit`).
 */
export function AccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const userType = useUserStore((s) => s.user_type);
  const balance = useUserStore((s) => s.balance);
  const info = useAccountInfo(userType);
  const user = info.data?.userInfo;
  return (
    <Modal open={open} title={t('account.settings')} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      {!user ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 8 }}>
            <Descriptions.Item label={t('account.mobile')}>{user.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('navbar.balance')}>{formatFen(balance)}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              { key: 'profile', label: t('account.editProfile'), children: <ProfileForm user={user} onSaved={onClose} /> },
              { key: 'password', label: t('account.changePassword'), children: <PasswordForm onSaved={onClose} /> },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
