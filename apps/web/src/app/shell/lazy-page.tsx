import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type JSX, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, Spinner } from '@app/ui';

/** Spec §7/§9: a static chunk request gives up after 120 seconds. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Page chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A route page loaded on demand. A failed or timed-out load becomes a ChunkLoadError, which the
 * boundary below turns into a retry message instead of a blank page.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, timeoutMs = CHUNK_TIMEOUT_MS) {
  const Lazy = lazy(async () => {
    try {
      return { default: await withTimeout(load(), timeoutMs) };
    } catch (error) {
      throw new ChunkLoadError(error);
    }
  }) as unknown as ComponentType<P>;

  function LazyPage(props: P & JSX.IntrinsicAttributes) {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Lazy {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}

export function PageSpinner() {
  const { t } = useTranslation('common');
  return <Spinner label={t('loading')} layout="block" />;
}

interface BoundaryState {
  error: unknown;
}

/** Handles chunk failures only; any other error continues to the route's error page. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof ChunkLoadError)) return;
    console.warn('Chunk load failed', error.cause, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return <ChunkErrorView />;
  }
}

export function ChunkErrorView() {
  const { t } = useTranslation('common');
  return (
    <div className="chunk-error" data-testid="chunk-error" role="alert">
      <AlertIcon size={32} />
      <p>{t('chunkError.message')}</p>
      {/* A browser keeps a failed module import cached, so only a reload can fetch it again. */}
      <Button variant="accent" onClick={() => window.location.reload()} data-testid="chunk-retry">
        {t('chunkError.retry')}
      </Button>
    </div>
  );
}
