import { NoPermission } from '../components/NoPermission';
import { RoleList } from '../components/RoleList';
import { useAt } from '../i18n';
import { useAccountNs } from '../portal';
import { useHasPermission } from '../../../session/permissions';
import '../accounts.css';

/** 角色管理 (/qualityInspection/roleManage): roles with the permission tree of the portal's catalogue. */
export default function RoleManagePage() {
  const t = useAt();
  const ns = useAccountNs();
  const can = useHasPermission('role.manage');
  if (!can) return <NoPermission text={t('roles.noPermission')} />;
  return (
    <div className="acc-page">
      <RoleList ns={ns} />
    </div>
  );
}
