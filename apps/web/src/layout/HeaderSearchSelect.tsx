import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import type { RefSelectProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissionStore } from '../app/stores/permission';
import { isExternal, searchItems } from '../app/routeSets';
import { useUserStore } from '../session/user';
import { permittedRoutes } from './menu';
import { createRouteSearch, searchLabel, searchRoutes } from './search';

/**
 * The header search's select and fuzzy index (its own chunk: loaded when the search icon is first
 * clicked). `focusKey` changes on every click of the icon: the select takes the focus then.
 */
export default function HeaderSearchSelect({ focusKey, onHide }: { focusKey: number; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const allRoutes = usePermissionStore((s) => s.routes);
  const permissions = useUserStore((s) => s.userInfo?.permissions);
  const routes = useMemo(() => permittedRoutes(allRoutes, permissions), [allRoutes, permissions]);
  const [query, setQuery] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const ref = useRef<RefSelectProps>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fuse = useMemo(() => createRouteSearch(searchItems(routes, (k) => t(k))), [routes, t, i18n.language]);
  const options = useMemo(
    () => searchRoutes(fuse, query).map((item) => ({ value: item.path, label: searchLabel(item) })),
    [fuse, query],
  );

  useEffect(() => {
    const id = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(id);
  }, [focusKey]);

  return (
    <Select
      key={resetKey}
      ref={ref}
      className="header-search__select"
      value={null}
      placeholder={t('navbar.searchPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setQuery }}
      options={options}
      notFoundContent={null}
      suffixIcon={null}
      onBlur={() => {
        onHide();
        setQuery('');
        setResetKey((k) => k + 1);
      }}
      onChange={(path: string) => {
        setQuery('');
        onHide();
        setResetKey((k) => k + 1);
        if (isExternal(path)) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}
