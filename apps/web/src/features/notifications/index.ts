/** What the shell uses of the notifications: the header bell. */
export { NotificationBell } from './components/NotificationBell';
