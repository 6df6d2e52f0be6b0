import { LoginFrame } from '../components/LoginFrame';

export default function TraderLoginPage() {
  return <LoginFrame portal="trader" modes={['password', 'sms']} registration="trader" />;
}
