import { Dropdown, Tooltip } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../i18n';

export function LangSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: l === 'zh-CN' ? '简体中文' : 'English' })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Tooltip title={t('navbar.language')} placement="bottom">
        <TranslationOutlined className="navbar-icon" role="button" aria-label={t('navbar.language')} />
      </Tooltip>
    </Dropdown>
  );
}
