import type { GameCategory } from '@banca/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '@/components/category-icon';
import { SectionHead } from './section-head';

/** A category's head: its icon, name and tagline from the core catalogue. */
export function CategoryHeading({
  category,
  id,
  count,
  action,
  level = 2,
  title,
}: {
  category: GameCategory;
  id?: string;
  count?: string;
  action?: ReactNode;
  level?: 1 | 2;
  /** Instead of the category's name (e.g. "house games" for BGS). */
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <SectionHead
      id={id}
      level={level}
      category={category}
      icon={<CategoryIcon category={category} />}
      title={title ?? t(`categories.${category}`)}
      count={count}
      tagline={t(`categoryTaglines.${category}`)}
      action={action}
    />
  );
}
