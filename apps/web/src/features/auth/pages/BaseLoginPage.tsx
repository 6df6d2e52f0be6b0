import { LoginFrame } from '../components/LoginFrame';

export default function BaseLoginPage() {
  return <LoginFrame portal="base" modes={['password', 'sms']} registration="base" />;
}
