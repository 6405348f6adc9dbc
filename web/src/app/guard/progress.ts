import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { PROGRESS } from '../config/constants';

NProgress.configure({ minimum: PROGRESS.minimum, speed: PROGRESS.speed, trickleSpeed: PROGRESS.trickleSpeed, showSpinner: false });

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
