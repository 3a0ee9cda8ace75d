import { BonusDetailsPage, type BonusPageProps } from './bonus-pages';

/** The bonus details page as its chunk's default export (lazyArea). */
export default function BonusDetailsArea(props: BonusPageProps) {
  return <BonusDetailsPage {...props} />;
}
