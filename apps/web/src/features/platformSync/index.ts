/** What other features may use from platformSync: the manager's sync cell of a shipped order (状态 + 重试). */
export { ManagerSyncStatus } from './components/ManagerSync';
