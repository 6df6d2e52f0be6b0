import { LoginFrame } from '../components/LoginFrame';

export default function QualityInspectionLoginPage() {
  return <LoginFrame portal="qualityInspection" modes={['password']} />;
}
