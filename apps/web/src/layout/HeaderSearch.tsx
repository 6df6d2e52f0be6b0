import { useMemo, useRef, useState } from 'react';
import { Select, Tooltip } from 'antd';
import type { RefSelectProps } from 'antd/es/select';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissionStore } from '../app/stores/permission';
import { isExternal, searchItems } from '../app/routeSets';
import { createRouteSearch, searchLabel, searchRoutes } from './search';

/** Fuzzy search over the visible routes; choosing one navigates (external links: new tab). */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.routes);
  const [show, setShow] = useState(false);
  const [query, setQuery] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const ref = useRef<RefSelectProps>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fuse = useMemo(() => createRouteSearch(searchItems(routes, (k) => t(k))), [routes, t, i18n.language]);
  const options = useMemo(
    () => searchRoutes(fuse, query).map((item) => ({ value: item.path, label: searchLabel(item) })),
    [fuse, query],
  );

  const open = () => {
    setShow(true);
    setTimeout(() => ref.current?.focus(), 0);
  };

  return (
    <div className={`header-search${show ? ' show' : ''}`}>
      <Tooltip title={t('navbar.search')}>
        <SearchOutlined className="header-search__icon navbar-icon" aria-label={t('navbar.search')} onClick={open} />
      </Tooltip>
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
          setShow(false);
          setQuery('');
          setResetKey((k) => k + 1);
        }}
        onChange={(path: string) => {
          setQuery('');
          setShow(false);
          setResetKey((k) => k + 1);
          if (isExternal(path)) window.open(path, '_blank', 'noopener');
          else navigate(path);
        }}
      />
    </div>
  );
}
