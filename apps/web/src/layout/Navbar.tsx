import { useState } from 'react';
import { lazyRetry } from '../lib/lazyRetry';
import { LazyPart } from '../components/LazyPart';
import { Avatar, Tooltip } from 'antd';
import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../app/stores/app';
import { useUserStore } from '../session/user';
import { Breadcrumb } from './Breadcrumb';
import { HeaderSearch } from './HeaderSearch';
import { ErrorLog } from './ErrorLog';
import { Screenfull } from './Screenfull';
import { SizeSelect } from './SizeSelect';
import { LangSelect } from './LangSelect';
import { Settings } from './Settings';
import { useSettingsStore } from '../lib/settings';
import { confirmLogout, loadAccountDialog } from '../features/auth';
import { clearSession } from '../app/session';
import { formatFen } from '../lib/money';
import { NotificationBell } from '../features/notifications';

/** The feedback dialog (form, text area, its schema) is loaded on first use; hover starts it early. */
const loadFeedback = () => import('../features/feedback');
const FeedbackDialog = lazyRetry(() => loadFeedback().then((m) => ({ default: m.FeedbackDialog })));
const AccountDialog = lazyRetry(() => loadAccountDialog().then((m) => ({ default: m.AccountDialog })));

/** Where the user name in the header leads: the portal's 账号信息 page, or (merchants) the 账号设置 dialog. */
const ACCOUNT_PAGE: Partial<Record<string, string>> = { qualityInspection: '/qualityInspection/infoManage', base: '/baseAccount/infoManage' };

export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const showSettings = useSettingsStore((s) => s.showSettings);
  const toggleSideBar = useAppStore((s) => s.toggleSideBar);
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  const centreName = useUserStore((s) => s.centerInfo?.name);
  const userType = useUserStore((s) => s.user_type);
  const balance = useUserStore((s) => s.balance);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const accountPage = userType ? ACCOUNT_PAGE[userType] : undefined;
  const openAccount = userType === 'trader' ? () => setAccountOpen(true) : accountPage ? () => navigate(accountPage) : undefined;
  const [feedbackUsed, setFeedbackUsed] = useState(false);
  const Hamburger = opened ? MenuFoldOutlined : MenuUnfoldOutlined;

  return (
    <header className="navbar">
      <button type="button" className="hamburger-container" aria-label={t('navbar.hamburger')} aria-expanded={opened} onClick={toggleSideBar}>
        <Hamburger />
      </button>
      {device !== 'mobile' && <Breadcrumb />}
      <div className="right-menu">
        {device !== 'mobile' && (
          <>
            <HeaderSearch />
            <ErrorLog />
            <Screenfull />
            <SizeSelect />
          </>
        )}
        <LangSelect />
        {device === 'mobile' && showSettings && <Settings docked />}
        <NotificationBell portal={userType} />
        <Tooltip title={t('navbar.feedback')} placement="bottom">
          <MessageOutlined
            className="navbar-icon"
            role="button"
            aria-label={t('navbar.feedback')}
            onMouseEnter={() => void loadFeedback()}
            onClick={() => {
              setFeedbackUsed(true);
              setFeedbackOpen(true);
            }}
          />
        </Tooltip>
        <Tooltip title={t('navbar.refresh')} placement="bottom">
          <ReloadOutlined
            className="navbar-icon"
            role="button"
            aria-label={t('navbar.refresh')}
            onClick={() => navigate(`/redirect${pathname}${search}`, { replace: true })}
          />
        </Tooltip>
        {userType === 'trader' && device !== 'mobile' && (
          <span className="navbar-balance" title={t('navbar.balance')}>
            {t('navbar.balance')} {formatFen(balance)}
          </span>
        )}
        {centreName && (
          <span className="navbar-center" title={centreName}>
            {centreName}
          </span>
        )}
        {openAccount ? (
          <Tooltip title={t('account.settings')} placement="bottom">
            <button type="button" className="navbar-user navbar-user--link" data-testid="navbar-user" onMouseEnter={userType === 'trader' ? () => void loadAccountDialog() : undefined} onClick={openAccount}>
              <Avatar size={26} src={avatar || undefined} className="navbar-user__avatar">
                {(name || '?').slice(0, 1)}
              </Avatar>
              <span className="navbar-user__name">{name}</span>
            </button>
          </Tooltip>
        ) : (
          <span className="navbar-user" data-testid="navbar-user">
            <Avatar size={26} src={avatar || undefined} className="navbar-user__avatar">
              {(name || '?').slice(0, 1)}
            </Avatar>
            <span className="navbar-user__name">{name}</span>
          </span>
        )}
        <Tooltip title={t('navbar.logout')} placement="bottomRight">
          <button type="button" className="navbar-logout" aria-label={t('navbar.logout')} onClick={() => confirmLogout(navigate, `${pathname}${search}`, clearSession)}>
            <LogoutOutlined />
          </button>
        </Tooltip>
      </div>
      {accountOpen && (
        <LazyPart fallback={null}>
          <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
        </LazyPart>
      )}
      {feedbackUsed && (
        <LazyPart fallback={null}>
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} userType={userType} />
        </LazyPart>
      )}
    </header>
  );
}
