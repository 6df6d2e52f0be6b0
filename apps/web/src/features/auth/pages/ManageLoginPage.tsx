import { LoginFrame } from '../components/LoginFrame';

export default function ManageLoginPage() {
  return <LoginFrame portal="manage" modes={['sms']} />;
}
