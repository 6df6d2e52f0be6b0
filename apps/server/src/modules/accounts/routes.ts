import { accountPrefsApi, accountsApi, type AccountNamespace, type UserType } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { whoOf } from '../audit/service';
import * as service from './service';

const portals: Record<AccountNamespace, readonly UserType[]> = {
  warehouse: ['qualityInspection'],
  center: ['base'],
  merchant: ['trader'],
};

/** Reading roles serves both editors: the role page (role.manage) and the account dialog (account.manage). */
const readRoles = ['role.manage', 'account.manage'] as const;

/** Every signed-in account keeps its own preferences (no permission: they are its own, nobody else's). */
const everyone = ['trader', 'qualityInspection', 'base', 'manage'] as const;

export default defineRoutes((r) => {
  r.route(accountPrefsApi.get, { auth: everyone }, ({ deps, session, query }) => service.getPref(deps.db, session.accountId, query.key));
  r.route(accountPrefsApi.save, { auth: everyone }, ({ deps, session, body, now }) => service.savePref(deps.db, session.accountId, body, now, deps.config.prefKeysPerAccount));

  for (const ns of ['warehouse', 'center', 'merchant'] as const) {
    const api = accountsApi[ns];
    const auth = portals[ns];
    r.route(api.list, { auth, permission: 'account.manage' }, ({ deps, session, query }) => service.listAccounts(deps.db, service.managerOf(session), query));
    r.route(api.save, { auth, permission: 'account.manage' }, ({ deps, session, body, now, req }) => service.saveAccount(deps.db, service.managerOf(session), body, now, whoOf(session, req)));
    r.route(api.status, { auth, permission: 'account.manage' }, ({ deps, session, body, now, req }) => service.setAccountStatus(deps.db, service.managerOf(session), body, now, whoOf(session, req)));
    r.route(api.resetPassword, { auth, permission: 'account.manage' }, ({ deps, session, body, now, req }) => service.resetPassword(deps.db, service.managerOf(session), body, now, whoOf(session, req)));
    r.route(api.delete, { auth, permission: 'account.manage' }, ({ deps, session, body, req }) => service.deleteAccount(deps.db, service.managerOf(session), body.id, whoOf(session, req)));

    r.route(api.roleList, { auth, permission: readRoles }, ({ deps, session, query }) => service.listRoles(deps.db, service.managerOf(session), query));
    r.route(api.rolePermissions, { auth, permission: readRoles }, ({ session }) => service.permissionGroupsOf(session.userType));
    r.route(api.roleSave, { auth, permission: 'role.manage' }, ({ deps, session, body, now, req }) => service.saveRole(deps.db, service.managerOf(session), body, now, whoOf(session, req)));
    r.route(api.roleDelete, { auth, permission: 'role.manage' }, ({ deps, session, body, req }) => service.deleteRole(deps.db, service.managerOf(session), body.id, whoOf(session, req)));
  }
});
