import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMatchedMetas } from './useRouteMeta';
import { buildBreadcrumb } from './breadcrumb';

export function Breadcrumb() {
  const { t } = useTranslation();
  const crumbs = buildBreadcrumb(useMatchedMetas());
  return (
    <AntBreadcrumb
      className="app-breadcrumb"
      separator="/"
      items={crumbs.map((c) => ({
        key: c.to,
        title: c.clickable ? <Link to={c.to}>{t(c.title)}</Link> : <span className="no-redirect">{t(c.title)}</span>,
      }))}
    />
  );
}
