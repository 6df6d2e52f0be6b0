/** Public certificate check (/verify/:code): the page is loaded lazily by the app's public routes
 * (app/VerifyRoute.tsx imports pages/VerifyPage by path). What other features may use: */
export { VerifyQr } from './components/VerifyQr';
