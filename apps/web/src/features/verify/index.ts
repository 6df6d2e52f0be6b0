/** Public certificate check (/verify/:code): the page is loaded lazily by the app's public routes. */
export const verifyPages = {
  verify: () => import('./pages/VerifyPage'),
};

export { VerifyQr, absoluteVerifyUrl } from './components/VerifyQr';
