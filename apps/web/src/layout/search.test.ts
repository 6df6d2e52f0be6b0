import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { searchItems } from '../app/routeSets';
import { routeSetForRole } from '../app/routeSets';
import { FUSE_OPTIONS, createRouteSearch, searchLabel, searchRoutes } from './search';

const t = (k: string) => i18n.t(k, { lng: 'zh-CN' });

describe('header search', () => {
  it('uses Fuse with title 0.7, path 0.3, threshold 0.4, min match length 1', () => {
    expect(FUSE_OPTIONS).toMatchObject({
      threshold: 0.4,
      minMatchCharLength: 1,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  });

  it('lists only visible routes with "Parent > Child" labels', () => {
    const items = searchItems(routeSetForRole('trader'), t);
    const labels = items.map(searchLabel);
    expect(labels).toContain('订单 > 检测管理');
    expect(labels).toContain('订单 > 绑码记录');
    expect(labels.some((l) => l.includes('检测订单'))).toBe(false); // hidden
    expect(labels.some((l) => l.includes('商家授权'))).toBe(false); // hidden
    expect(items.find((i) => i.title.includes('录像管理'))?.path).toBe('/trader/order/videoManage');
  });

  it('finds pages by title and by path', () => {
    const fuse = createRouteSearch(searchItems(routeSetForRole('inspector'), t));
    expect(searchRoutes(fuse, '批次')[0]?.path).toBe('/warehousing/lotList');
    expect(searchRoutes(fuse, 'testingFee')[0]?.path).toBe('/QIconfig/testingFee');
    expect(searchRoutes(fuse, '   ')).toEqual([]);
  });

  it('also finds a page by the pinyin of its title: initials or whole syllables', () => {
    const merchant = createRouteSearch(searchItems(routeSetForRole('trader'), t));
    expect(searchRoutes(merchant, 'jcgl').map((i) => i.path)).toContain('/trader/order/list');
    expect(searchRoutes(merchant, 'jiance guanli').map((i) => i.path)).toContain('/trader/order/list');
    expect(searchRoutes(merchant, 'xyzq')).toEqual([]);
  });
});
