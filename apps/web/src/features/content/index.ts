/**
 * Public API of the content feature: help topics, the announcement popup, and the pages of
 * feedback, winners, the deposit tutorial and line detection (split chunks with their texts).
 */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { HelpDialogProps } from './components/help-dialog';
import type { LineDetectionProps } from './components/line-detection-dialog';

export { helpCenterQueryOptions } from './api/get-help-center';
export { AnnouncementPopupHost } from './components/announcement-popup-host';

/** The help dialog over home (/help): a chunk of its own, loaded when it opens. */
export const HelpDialog = lazyArea<HelpDialogProps>(
  'HelpCenter',
  () => import('./components/help-dialog').then((module) => ({ default: module.HelpDialog })),
  { fallback: () => null },
);

/** A page of this feature with the content texts, loaded together. */
const withTexts =
  <M>(importer: () => Promise<M>) =>
  () =>
    Promise.all([importer(), loadCataloguePart('content')]).then(([module]) => module);

/** The help centre (/helpmc): topics, search. */
export const HelpCentrePage = lazyArea<object>(
  'HelpCenter',
  withTexts(() => import('./components/help-centre-page')),
);
/** Feedback and complaints (/feedback), for members. */
export const FeedbackPage = lazyArea<object>(
  'Services',
  withTexts(() => import('./components/feedback-page')),
);
/** Winners ranking and latest winners (/winners). */
export const WinnersPage = lazyArea<object>(
  'Services',
  withTexts(() => import('./components/winners-page')),
);
/** The deposit tutorial (/depositTutorial). */
export const DepositTutorialPage = lazyArea<object>(
  'Services',
  withTexts(() => import('./components/deposit-tutorial-page')),
);
/** Speed and line detection (/lines), a dialog over home. */
export const LineDetectionDialog = lazyArea<LineDetectionProps>(
  'Services',
  withTexts(() => import('./components/line-detection-dialog')),
  { fallback: () => null },
);
