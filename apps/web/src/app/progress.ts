import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

export const progress = {
  start: (): void => {
    NProgress.start();
  },
  done: (): void => {
    NProgress.done();
  },
};
