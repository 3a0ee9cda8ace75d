import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { ComingSoon } from '@/components/coming-soon';

export type LotteryVariant = 'lottery' | 'seaLottery' | 'vnLottery';

/** Lottery game pages (/lottery, /seaLottery, /vnLottery ?gameCode=…); behind the session guard. */
export default function LotteryPage({ variant }: { variant: LotteryVariant }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div
      data-testid="lottery-page"
      data-variant={variant}
      data-game-code={params.get('gameCode') ?? ''}
    >
      <ComingSoon title={t('areas.Lottery')} icon={<CategoryIcon category="LOTT" />} />
    </div>
  );
}
