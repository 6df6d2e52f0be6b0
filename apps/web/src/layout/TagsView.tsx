import { useEffect, useRef } from 'react';
import { Dropdown } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NO_NAME, targetAfterCloseCurrent, useTagsViewStore, type TagView } from '../lib/tagsView';
import { useHome } from '../app/session';

/** Tabs of visited pages; right-click offers Refresh, Close, Close Others, Close All. */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const store = useTagsViewStore;
  const home = useHome();
  const activeRef = useRef<HTMLAnchorElement>(null);

  // Bring the active tag into view by scrolling the tag strip sideways only: scrollIntoView would
  // also scroll the window, and a window scroll closes an open right-click menu.
  useEffect(() => {
    const tag = activeRef.current;
    const strip = tag?.closest<HTMLElement>('.tags-view-container');
    if (!tag || !strip) return;
    const tagLeft = tag.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    const tagRight = tagLeft + tag.offsetWidth;
    if (tagLeft < strip.scrollLeft) strip.scrollLeft = tagLeft;
    else if (tagRight > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = tagRight - strip.clientWidth;
  }, [pathname]);

  const refresh = (v: TagView) => navigate(`/redirect${v.fullPath}`, { replace: true });
  const leaveCurrent = (current: TagView | undefined, left: TagView[]) => {
    const to = targetAfterCloseCurrent(left, pathname, home);
    if (to !== null) navigate(to);
    else if (current) store.getState().addView(current);
  };
  const close = (v: TagView) => {
    const current = store.getState().visitedViews.find((x) => x.path === pathname);
    const left = store.getState().delView(v);
    if (v.path === pathname && !left.some((x) => x.path === pathname)) leaveCurrent(current, left);
  };
  const closeOthers = (v: TagView) => {
    store.getState().delOthersViews(v);
    if (v.path !== pathname) navigate(v.fullPath);
  };
  const closeAll = () => {
    const current = store.getState().visitedViews.find((x) => x.path === pathname);
    const left = store.getState().delAllViews();
    if (!left.some((x) => x.path === pathname)) leaveCurrent(current, left);
  };

  return (
    <div className="tags-view-container" role="tablist">
      <div className="tags-view-wrapper">
        {views.map((v) => {
          const active = v.path === pathname;
          const title = v.title === NO_NAME ? t('tags.noName') : t(v.title);
          return (
            <Dropdown
              key={v.path}
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'refresh', label: t('tags.refresh') },
                  { key: 'close', label: t('tags.close'), disabled: v.affix },
                  { key: 'closeOthers', label: t('tags.closeOthers') },
                  { key: 'closeAll', label: t('tags.closeAll') },
                ],
                onClick: ({ key }) => {
                  if (key === 'refresh') refresh(v);
                  else if (key === 'close') close(v);
                  else if (key === 'closeOthers') closeOthers(v);
                  else closeAll();
                },
              }}
            >
              <Link
                ref={active ? activeRef : undefined}
                to={v.fullPath}
                role="tab"
                aria-selected={active}
                className={`tags-view-item${active ? ' active' : ''}`}
                onMouseUp={(e) => {
                  if (e.button === 1 && !v.affix) close(v);
                }}
              >
                {title}
                {!v.affix && (
                  <CloseOutlined
                    className="tags-view-item__close"
                    aria-label={t('tags.close')}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      close(v);
                    }}
                  />
                )}
              </Link>
            </Dropdown>
          );
        })}
      </div>
    </div>
  );
}
