import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissionStore } from '../app/stores/permission';
import { useAppStore } from '../app/stores/app';
import { useSettingsStore } from '../lib/settings';
import { useUserStore } from '../session/user';
import { isExternal } from '../app/routeSets';
import { useHome } from '../app/session';
import { buildMenu, openKeysFor, permittedRoutes, selectedKeyFor, type MenuNode } from './menu';
import { menuIcon } from './icons';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: MenuNode[], t: (k: string) => string, topLevel = true): Items {
  return nodes.map((n) =>
    n.children
      ? { key: n.key, icon: menuIcon(n.icon, topLevel), label: t(n.title), children: toItems(n.children, t, false) }
      : { key: n.key, icon: menuIcon(n.icon, topLevel), label: t(n.title) },
  );
}

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const home = useHome();
  const permissions = useUserStore((s) => s.userInfo?.permissions);
  const nodes = useMemo(() => buildMenu(permittedRoutes(routes, permissions)), [routes, permissions]);
  const items = useMemo(() => toItems(nodes, t), [nodes, t]);
  const collapsed = !opened && device !== 'mobile';
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(nodes, pathname));

  useEffect(() => {
    const keys = openKeysFor(nodes, pathname);
    setOpenKeys((prev) => Array.from(new Set([...prev, ...keys])));
  }, [nodes, pathname]);

  const selected = selectedKeyFor(nodes, pathname);

  return (
    <aside className="sidebar-container" aria-label="menu">
      {showLogo && (
        <Link to={home} className="sidebar-logo">
          <svg className="sidebar-logo__img" viewBox="0 0 32 32" aria-hidden="true">
            <path fill="#1890ff" d="M16 2 4 12l12 18 12-18z" />
            <path fill="#fff" opacity=".55" d="M16 2 10 12h12z" />
          </svg>
          {!collapsed && <span className="sidebar-logo__title">GemQC</span>}
        </Link>
      )}
      <div className="sidebar-menu">
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={selected ? [selected] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
          onClick={({ key }) => {
            if (isExternal(key)) window.open(key, '_blank', 'noopener');
            else navigate(key);
          }}
        />
      </div>
    </aside>
  );
}
