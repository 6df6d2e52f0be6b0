/** What other features may use from the service-centre applications (the manager's 服务中心入驻 tab). */
export { CentreApplications } from './components/CentreApplications';
export { usePendingCentreCount } from './api';
