import { RewardCenterPage, type BonusPageProps } from './bonus-pages';

/** The reward centre page as its chunk's default export (lazyArea). */
export default function RewardCenterArea(props: BonusPageProps) {
  return <RewardCenterPage {...props} />;
}
