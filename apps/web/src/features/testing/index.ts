export { useAuthInfo, gateDecision, testingKeys, type GateDecision } from './api';
