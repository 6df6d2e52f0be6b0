import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { allPaths, homeOf, joinPath, routeSetForRole, routeSetNameForRole } from './routeSets';
import type { AppRoute } from './types';

/** path → [zh-CN title, hidden] of every titled route */
function table(routes: AppRoute[], parent = ''): Record<string, [string, boolean]> {
  const out: Record<string, [string, boolean]> = {};
  for (const r of routes) {
    const full = joinPath(parent, r.path);
    if (r.title) out[full] = [i18n.t(r.title, { lng: 'zh-CN' }), !!r.hidden];
    if (r.children) Object.assign(out, table(r.children, full));
  }
  return out;
}

describe('route sets by stored role', () => {
  it('trader → merchant, inspector → warehouse, manage → manager, anything else → service centre', () => {
    expect(routeSetNameForRole('trader')).toBe('merchant');
    expect(routeSetNameForRole('inspector')).toBe('warehouse');
    expect(routeSetNameForRole('manage')).toBe('manager');
    expect(routeSetNameForRole('base')).toBe('serviceCentre');
    expect(routeSetNameForRole(null)).toBe('serviceCentre');
    expect(routeSetNameForRole('qualityInspection')).toBe('serviceCentre');
  });

  it('merchant set: every route, title and hidden flag', () => {
    expect(table(routeSetForRole('trader'))).toEqual({
      '/trader/order': ['订单', false],
      '/trader/order/list': ['检测管理', false],
      '/trader/order/checkOrder': ['检测订单', true],
      '/trader/order/videoManage': ['录像管理', false],
      '/trader/order/checkInfo': ['检测信息', false],
      '/trader/order/detection': ['去检测', false],
      '/trader/order/checkReport': ['订单详情', false],
      '/trader/order/statistics': ['日报表', false],
      '/trader/order/print': ['订单打印', false],
      '/trader/order/detail': ['订单详情', false],
      '/trader/order/payment-detail': ['费用明细', false],
      '/trader/order/record': ['绑码记录', false],
      '/trader/order/auditLog': ['操作日志', false],
      '/trader/traderAuthorization': ['商家授权', true],
    });
  });

  it('warehouse set', () => {
    const t = table(routeSetForRole('inspector'));
    expect(t).toMatchObject({
      '/warehousing': ['入仓管理', false],
      '/warehousing/qualityInspection': ['入仓质检', false],
      '/warehousing/lotList': ['批次列表', false],
      '/warehousing/orderList': ['订单列表', false],
      '/qualityInspection': ['账号', false],
      '/qualityInspection/infoManage': ['账号信息', false],
      '/qualityInspection/childAccountManage': ['子账号管理', false],
      '/qualityInspection/roleManage': ['角色管理', false],
      '/qualityInspection/auditLog': ['操作日志', false],
      '/QIconfig': ['配置', false],
      '/QIconfig/printer': ['打印机配置', false],
      '/QIconfig/testingFee': ['检测费配置', false],
      '/QIfinance/financialStatement': ['财务账单', false],
    });
  });

  it('manager and service-centre sets', () => {
    // the spec's 商户列表, 订单拦截 (issue 17: managers intercept an order of any centre), 操作日志
    expect(table(routeSetForRole('manage'))).toEqual({
      '/manage/order/list': ['商户列表', false],
      '/manage/intercept/order': ['订单拦截', false],
      '/manage/audit/auditLog': ['操作日志', false],
    });
    const b = allPaths(routeSetForRole('base'));
    for (const p of ['/base/order/list', '/base/order/detail', '/base/order/statistics', '/baseAccount/infoManage', '/baseAccount/childAccountManage', '/baseAccount/auditLog', '/baseConfig/printer', '/baseConfig/testingFee']) {
      expect(b).toContain(p);
    }
  });

  it('homes per user type', () => {
    expect(homeOf('trader')).toBe('/trader/order/list');
    expect(homeOf('qualityInspection')).toBe('/warehousing/qualityInspection');
    expect(homeOf('manage')).toBe('/manage/order/list');
    expect(homeOf('base')).toBe('/base/order/list');
    expect(homeOf(null)).toBe('/base/order/list');
  });
});
