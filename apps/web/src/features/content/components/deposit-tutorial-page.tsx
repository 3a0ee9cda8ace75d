import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/button';
import { WalletInIcon } from '@/components/icons';
import styles from './content.module.css';

const STEPS = ['open', 'amount', 'pay', 'done'] as const;

/** The deposit tutorial (docs/product.md §2): PIX in four steps, then the deposit page. */
export default function DepositTutorialPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="deposit-tutorial">
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <WalletInIcon />
        </span>
        <div>
          <h1 className={styles.title}>{t('content.tutorial.title')}</h1>
          <p className={styles.subtitle}>{t('content.tutorial.subtitle')}</p>
        </div>
      </header>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2 className={styles.stepTitle}>{t(`content.tutorial.steps.${step}.title`)}</h2>
              <p className={styles.muted}>{t(`content.tutorial.steps.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className={styles.note}>{t('content.tutorial.ownAccount')}</p>
      <div className={styles.actions}>
        <Link to="/member?page=depositv2" className={buttonClassName({})}>
          {t('content.tutorial.cta')}
        </Link>
        <Link to="/helpmc#deposit" className={buttonClassName({ variant: 'ghost' })}>
          {t('content.tutorial.help')}
        </Link>
      </div>
    </div>
  );
}
