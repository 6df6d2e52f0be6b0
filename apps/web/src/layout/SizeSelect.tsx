import { App } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppStore, type Size } from '../app/stores/app';
import { SIZE_OPTIONS, switchSize } from './size';
import { NavbarDropdown } from './NavbarDropdown';

export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const size = useAppStore((s) => s.size);
  return (
    <NavbarDropdown
      title={t('navbar.size')}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZE_OPTIONS.map((o) => ({ key: o.value, label: t(o.label), disabled: o.value === size })),
        onClick: ({ key }) =>
          switchSize(key as Size, { message, navigate, pathname, search, successText: t('size.switched') }),
      }}
    >
      <FontSizeOutlined className="navbar-icon" aria-label={t('navbar.size')} role="button" />
    </NavbarDropdown>
  );
}
