import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { NavbarDropdown } from './NavbarDropdown';

export function LangSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NavbarDropdown
      title={t('navbar.language')}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: l === 'zh-CN' ? '简体中文' : 'English' })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <TranslationOutlined className="navbar-icon" role="button" aria-label={t('navbar.language')} />
    </NavbarDropdown>
  );
}
