import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { AlertIcon, RefreshIcon } from '@/components/icons';

type BoundaryProps = {
  /** The error clears when this changes (the player followed a link). */
  resetKey: string;
  children: ReactNode;
};

/** Catches a page that crashed while rendering and shows RouteErrorPage in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown render error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}

/** A page crashed while rendering: say so plainly (the details are in the console), offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="status-screen" data-testid="route-error">
      <section className="status-screen__card">
        <AlertIcon className="status-screen__art" />
        <h1 className="status-screen__title">{t('errors.pageTitle')}</h1>
        <p className="status-screen__text">{t('errors.unknown')}</p>
        <div className="status-screen__actions">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RefreshIcon width={20} height={20} />
            {t('errors.reload')}
          </Button>
        </div>
      </section>
    </main>
  );
}
