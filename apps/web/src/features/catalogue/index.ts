/** What other features may use from the catalogue (test stations, gem categories). */
export { useStations, useGems, useGemName } from './api';
export { GemSelect } from './components/GemSelect';
