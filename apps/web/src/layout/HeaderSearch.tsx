import { useState } from 'react';
import { lazyRetry } from '../lib/lazyRetry';
import { LazyPart } from '../components/LazyPart';
import { Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const loadSelect = () => import('./HeaderSearchSelect');
const HeaderSearchSelect = lazyRetry(loadSelect);

/**
 * Fuzzy search over the visible routes; choosing one navigates (external links: new tab). The
 * select and the search index are loaded when the icon is first clicked (hover starts it early).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const [focusKey, setFocusKey] = useState(0);

  const open = () => {
    setShow(true);
    setFocusKey((k) => k + 1);
  };

  return (
    <div className={`header-search${show ? ' show' : ''}`}>
      <Tooltip title={t('navbar.search')}>
        <SearchOutlined
          className="header-search__icon navbar-icon"
          aria-label={t('navbar.search')}
          onMouseEnter={() => void loadSelect()}
          onClick={open}
        />
      </Tooltip>
      {focusKey > 0 && (
        <LazyPart fallback={null}>
          <HeaderSearchSelect focusKey={focusKey} onHide={() => setShow(false)} />
        </LazyPart>
      )}
    </div>
  );
}
