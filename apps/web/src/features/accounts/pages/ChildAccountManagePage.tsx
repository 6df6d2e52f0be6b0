import { useState } from 'react';
import { Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { AccountList } from '../components/AccountList';
import { NoPermission } from '../components/NoPermission';
import { RoleList } from '../components/RoleList';
import { useAt } from '../i18n';
import { useAccountNs } from '../portal';
import { useHasPermission } from '../../../session/permissions';
import '../accounts.css';

/**
 * 子账号管理 (/qualityInspection/childAccountManage, /baseAccount/childAccountManage). The service
 * centre has no 角色管理 menu item, so its roles are managed in a second tab of this page.
 */
export default function ChildAccountManagePage() {
  const t = useAt();
  const ns = useAccountNs();
  const navigate = useNavigate();
  const canAccounts = useHasPermission('account.manage');
  const canRoles = useHasPermission('role.manage');
  const [tab, setTab] = useState<'accounts' | 'roles'>('accounts');

  if (!canAccounts) return <NoPermission text={t('accounts.noPermission')} />;
  if (ns === 'warehouse') {
    return (
      <div className="acc-page">
        <AccountList ns={ns} onGoRoles={canRoles ? () => void navigate('/qualityInspection/roleManage') : undefined} />
      </div>
    );
  }
  if (!canRoles) {
    return (
      <div className="acc-page">
        <AccountList ns={ns} />
      </div>
    );
  }
  return (
    <div className="acc-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k === 'roles' ? 'roles' : 'accounts')}
        items={[
          { key: 'accounts', label: t('accounts.tab'), children: <AccountList ns={ns} onGoRoles={() => setTab('roles')} /> },
          { key: 'roles', label: t('roles.tab'), children: <RoleList ns={ns} /> },
        ]}
      />
    </div>
  );
}
