export { useAuthInfo, useStations, useGems, gateDecision, testingKeys, type GateDecision } from './api';
