/** What the shell may use from feedback: the 意见反馈 dialog (loaded when first opened). */
export { FeedbackDialog } from './components/FeedbackDialog';
