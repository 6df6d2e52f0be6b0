import { AntdRoot } from '../layout/AntdRoot';
import VerifyPage from '../features/inspection/pages/VerifyPage';

/** /verify/:code: the public certificate check, outside the shell, in the app's antd theme and language. */
export default function VerifyRoute() {
  return (
    <AntdRoot>
      <VerifyPage />
    </AntdRoot>
  );
}
