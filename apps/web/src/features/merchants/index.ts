/** What other features may use from merchants: the merchant's own testing authorisation (the order form's gate). */
export { gateDecision, useAuthInfo } from './authorisation';
export { AuthNotApprovedAlert, CHECK_INFO_PATH } from './components/AuthStatusBanner';
