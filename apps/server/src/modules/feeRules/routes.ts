import { feeRulesApi, type FeeRuleNamespace, type UserType } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { whoOf } from '../audit/service';
import * as service from './service';

const portals = {
  warehouse: ['qualityInspection'],
  center: ['base'],
} as const satisfies Record<FeeRuleNamespace, readonly UserType[]>;

/** 检测费配置 of the caller's centre, in the warehouse and service-centre namespaces. */
export default defineRoutes((r) => {
  for (const ns of ['warehouse', 'center'] as const) {
    const api = feeRulesApi[ns];
    const auth = portals[ns];
    r.route(api.list, { auth, permission: 'fee.view' }, ({ deps, session }) => service.listRules(deps.db, session.centreId));
    r.route(api.overrideList, { auth, permission: 'fee.view' }, ({ deps, session, query }) => service.listOverrides(deps.db, session.centreId, query));
    r.route(api.merchants, { auth, permission: 'fee.manage' }, ({ deps, session, query }) => service.merchantOptions(deps.db, session.centreId, query));
    r.route(api.save, { auth, permission: 'fee.manage' }, ({ deps, session, body, now, req }) =>
      service.saveRule(deps.db, { centreId: session.centreId, accountId: session.accountId, body, now, who: whoOf(session, req) }),
    );
    r.route(api.delete, { auth, permission: 'fee.manage' }, ({ deps, session, body, req }) => service.deleteOverride(deps.db, session.centreId, body.id, whoOf(session, req)));
  }
});
