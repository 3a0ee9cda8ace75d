import type { Operator } from '@banca/contracts';
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '@/components/button';
import { AlertIcon } from '@/components/icons';
import { PageLoader } from '@/components/spinner';
import type { DeskDefinition, DeskProps } from '@/lib/admin-desks';
import { importWithTimeout } from '@/lib/chunk-loader';
import styles from './console.module.css';

/** One lazy component per desk, made on first open; a failed load is forgotten for Retry. */
const screens = new Map<string, LazyExoticComponent<ComponentType<DeskProps>>>();

function screenOf(desk: DeskDefinition) {
  let screen = screens.get(desk.id);
  if (!screen) {
    screen = lazy(() => importWithTimeout(desk.load, `admin:${desk.id}`));
    screens.set(desk.id, screen);
  }
  return screen;
}

/** The desk the address names, if the operator may open it; its code loads now. */
export function DeskView({
  desks,
  operator,
}: {
  desks: readonly DeskDefinition[];
  operator: Operator;
}) {
  const { t } = useTranslation();
  const { deskId } = useParams();
  const [attempt, setAttempt] = useState(0);
  const desk = desks.find((candidate) => candidate.id === deskId);
  if (!desk)
    return (
      <p className={styles.notice} role="alert">
        {t('admin.layout.deskNotFound')}
      </p>
    );
  const Screen = screenOf(desk);
  return (
    <DeskBoundary
      key={`${desk.id}:${attempt}`}
      onRetry={() => {
        screens.delete(desk.id);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<PageLoader />}>
        <Screen operator={operator} />
      </Suspense>
    </DeskBoundary>
  );
}

class DeskBoundary extends Component<
  { onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <DeskError onRetry={this.props.onRetry} />;
  }
}

function DeskError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failure} role="alert">
      <AlertIcon width={28} height={28} />
      <p>{t('admin.layout.loadError')}</p>
      <Button onClick={onRetry}>{t('admin.layout.retry')}</Button>
    </div>
  );
}
