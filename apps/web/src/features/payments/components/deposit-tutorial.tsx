import { useTranslation } from 'react-i18next';
import { InfoIcon, ReceiptIcon } from '@/components/icons';
import { PixMark } from './deposit-form';
import styles from './deposit.module.css';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;
const NOTES = ['note1', 'note2', 'note3'] as const;

/** The deposit tutorial (product spec: "deposit tutorial"): PIX, bank transfer, what to know. */
export function DepositTutorial() {
  const { t } = useTranslation();
  const steps = (key: 'pixSteps' | 'bankSteps') =>
    STEPS.map((step) => t(`deposit.tutorial.${key}.${step}`));
  const notes = NOTES.map((note) => t(`deposit.tutorial.notes.${note}`));
  return (
    <div className={styles.tutorial} data-testid="deposit-tutorial">
      {(
        [
          ['pixTitle', 'pixSteps', <PixMark key="pix" />],
          ['bankTitle', 'bankSteps', <ReceiptIcon key="bank" />],
        ] as const
      ).map(([title, key, icon]) => (
        <section key={key} className={styles.card}>
          <h2 className={styles.tutorialTitle}>
            <span className={styles.pixBadge}>{icon}</span>
            {t(`deposit.tutorial.${title}`)}
          </h2>
          <ol className={styles.steps}>
            {steps(key).map((step, index) => (
              <li key={index}>
                <span className={styles.stepNumber}>{index + 1}</span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <section className={`${styles.card} ${styles.notes}`}>
        <h2 className={styles.tutorialTitle}>
          <InfoIcon width={20} height={20} aria-hidden="true" />
          {t('deposit.tutorial.notesTitle')}
        </h2>
        <ul>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
