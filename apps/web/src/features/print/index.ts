/** What other features may use from the print feature. */
export { fixedText } from './templateText';
