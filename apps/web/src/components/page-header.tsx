import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** The head of a member-centre page (deposit, withdraw, bonus, rebate, missions, referral…). */
export function PageHeader({
  icon,
  title,
  subtitle,
}: {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
    </header>
  );
}
