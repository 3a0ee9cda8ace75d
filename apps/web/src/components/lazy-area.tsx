import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '@/i18n/catalogue';
import { ChunkLoadError, createRetryableImport } from '@/lib/chunk-loader';
import { Button } from './button';
import { AlertIcon, RefreshIcon } from './icons';
import { PageLoader } from './spinner';

/** The lazily loaded areas (docs/product.md §2); each name is also its translated label's key. */
export type AreaName = keyof Catalogue['areas'];

export type LazyAreaOptions<P> = {
  /** What shows while the chunk loads; a page spinner by default. */
  fallback?: (props: P) => ReactNode;
  /** Puts the chunk error somewhere other than the page body (e.g. inside a dialog). */
  frameError?: (error: ReactNode, props: P) => ReactNode;
};

export type LazyAreaComponent<P> = ComponentType<P> & {
  /**
   * Starts loading the chunk early (its route matched, or a hover on what opens it). Resolves
   * once it has arrived or failed: a failure shows when the area renders.
   */
  preload: () => Promise<void>;
};

/**
 * A split chunk as a component: loads on first render with the 120 s timeout, shows a page
 * spinner meanwhile, and on failure the translated chunk error whose Retry imports again.
 */
export function lazyArea<P extends object>(
  area: AreaName,
  importer: () => Promise<{ default: ComponentType<P> }>,
  options: LazyAreaOptions<P> = {},
): LazyAreaComponent<P> {
  const loader = createRetryableImport(importer, area);
  // Shared by every mount: after one Retry succeeds, later mounts reuse the loaded chunk.
  let current = lazy(loader.load);

  function LazyArea(props: P) {
    // A chunk already in (preloaded by its route, or shown before) renders in this
    // very pass: React.lazy would still suspend once and paint the fallback first.
    const [{ Area, attempt }, setState] = useState(() => ({
      Area: loader.loaded()?.default ?? current,
      attempt: 0,
    }));
    const retry = useCallback(() => {
      current = lazy(loader.load);
      setState((previous) => ({ Area: current, attempt: previous.attempt + 1 }));
    }, []);
    return (
      <ChunkErrorBoundary
        key={attempt}
        area={area}
        onRetry={retry}
        frame={options.frameError ? (error) => options.frameError?.(error, props) : undefined}
      >
        <Suspense fallback={options.fallback ? options.fallback(props) : <PageLoader />}>
          <Area {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyArea.displayName = `LazyArea(${area})`;
  // A failed early load is forgotten by the loader; opening the area shows the error then.
  LazyArea.preload = () =>
    loader.load().then(
      () => undefined,
      () => undefined,
    );
  return LazyArea;
}

type BoundaryProps = {
  area: AreaName;
  onRetry: () => void;
  frame?: (error: ReactNode) => ReactNode;
  children: ReactNode;
};

/** Catches this area's chunk failure only; any other error goes on to the route's boundary. */
class ChunkErrorBoundary extends Component<
  BoundaryProps,
  { error: ChunkLoadError | null; other: unknown }
> {
  override state: { error: ChunkLoadError | null; other: unknown } = { error: null, other: null };

  static getDerivedStateFromError(error: unknown) {
    return error instanceof ChunkLoadError ? { error, other: null } : { error: null, other: error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ChunkLoadError)
      console.warn(error.message, error.cause ?? '', info.componentStack);
  }

  override render() {
    if (this.state.other) throw this.state.other;
    if (this.state.error) {
      const error = (
        <ChunkError error={this.state.error} area={this.props.area} onRetry={this.props.onRetry} />
      );
      return this.props.frame ? this.props.frame(error) : error;
    }
    return this.props.children;
  }
}

export function ChunkError({
  error,
  area,
  onRetry,
}: {
  error: ChunkLoadError;
  area: AreaName;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="chunk-error"
      role="alert"
      data-testid="chunk-error"
      data-chunk-type={error.chunkType}
    >
      <AlertIcon className="chunk-error__icon" />
      <h1 className="chunk-error__title">{t('chunk.title')}</h1>
      <p className="chunk-error__text">
        {error.kind === 'timeout'
          ? t('chunk.timeout')
          : t('chunk.loadError', { type: t(`areas.${area}`) })}
      </p>
      <Button variant="primary" onClick={onRetry}>
        <RefreshIcon width={18} height={18} />
        {t('chunk.retry')}
      </Button>
    </div>
  );
}
