import { Button, Card, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionData } from '@gemqc/contract';
import { getToken } from '../../../lib/storage';
import { uiStatic } from '../../../lib/ui';
import { loadSelectOptions } from '../../options';
import { useShopsT } from '../i18n';
import { completeShopAuth, readAuthParams } from '../authCallback';

export const AUTHORIZATION_PATH = '/trader/traderAuthorization';

type State = { kind: 'working' } | { kind: 'failed'; message: string };

/**
 * /trader/doudian-auth and /doudian-auth: the platform returns here with code and state. The
 * server stores the shop and answers a session; then (spec §4 "After shop authorisation") the
 * user type becomes trader, the token is set, routes are generated and the merchant goes home.
 */
export interface DoudianAuthPageProps {
  /** Signs the merchant in with the session the server answered (the app's session: token, user, routes). */
  signIn: (session: SessionData) => void;
  /** Where the merchant lands afterwards, and the merchant's login page. */
  homePath: string;
  loginPath: string;
}

export default function DoudianAuthPage({ signIn, homePath, loginPath }: DoudianAuthPageProps) {
  const t = useShopsT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [state, setState] = useState<State>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const { code, state: st } = readAuthParams(search);
    if (!code || !st) {
      setState({ kind: 'failed', message: t('shops.authMissing') });
      return;
    }
    let live = true;
    setState({ kind: 'working' });
    completeShopAuth(code, st).then(
      (session) => {
        if (!live) return;
        signIn(session);
        // this page's antd root unmounts with the navigation: a static toast outlives it
        uiStatic().message.success(t('shops.authDone'));
        void loadSelectOptions('trader');
        navigate(homePath, { replace: true });
      },
      (e: unknown) => {
        if (live) setState({ kind: 'failed', message: e instanceof Error && e.message ? e.message : t('shops.authFailed') });
      },
    );
    return () => {
      live = false;
    };
  }, [search, navigate, t, attempt, signIn, homePath]);

  const signedIn = !!getToken();

  return (
      <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5', padding: 16 }}>
        <Card style={{ width: '100%', maxWidth: 520 }}>
          {state.kind === 'working' ? (
            <Result icon={<Spin size="large" />} title={t('shops.authWorking')} subTitle={t('shops.authHint')} />
          ) : (
            <Result
              status="error"
              title={t('shops.authFailed')}
              subTitle={state.message}
              extra={
                <Space wrap style={{ justifyContent: 'center' }}>
                  <Button type="primary" onClick={() => navigate(signedIn ? AUTHORIZATION_PATH : `${loginPath}?redirect=${encodeURIComponent(AUTHORIZATION_PATH)}`)}>
                    {t('shops.authRetry')}
                  </Button>
                  <Button onClick={() => setAttempt((a) => a + 1)}>{t('common.retry')}</Button>
                  {!signedIn && <Button href={loginPath}>{t('shops.authToLogin')}</Button>}
                </Space>
              }
            />
          )}
        </Card>
      </div>
  );
}
