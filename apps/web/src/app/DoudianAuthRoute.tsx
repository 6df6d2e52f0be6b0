import type { SessionData } from '@gemqc/contract';
import { AntdRoot } from '../layout/AntdRoot';
import DoudianAuthPage from '../features/shops/pages/DoudianAuthPage';
import { completeLogin } from './session';
import { homeOf } from './routeSets';
import { LOGIN_PATHS } from '../session/loginPaths';

// The app composes: the shops page signs in through the app's session, without importing app/.
const signInAsTrader = (session: SessionData) => completeLogin(session, 'trader');

/** /trader/doudian-auth and /doudian-auth: the shop-authorisation return page, outside the shell. */
export default function DoudianAuthRoute() {
  return (
    <AntdRoot>
      <DoudianAuthPage signIn={signInAsTrader} homePath={homeOf('trader')} loginPath={LOGIN_PATHS.trader} />
    </AntdRoot>
  );
}
