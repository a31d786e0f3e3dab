import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';

interface FallbackProps {
  onReload: () => void;
}

function ReloadFallback({ onReload }: FallbackProps) {
  const { t } = useTranslation();
  return (
    <div className="boundary" role="alert">
      <p>{t('reloadTips')}</p>
      <Button variant="primary" onClick={onReload}>
        {t('reload')}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Names the region in the console, for whoever reads a bug report. */
  name: string;
  /** Runs when the user presses Reload, before the children render again. */
  onReset?: () => void;
}

interface BoundaryState {
  error: Error | null;
}

/** Spec 8: a 'reloadTips' message and a Reload button that resets the error (re-renders). */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name}] render failed:`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return (
        <ReloadFallback
          onReload={() => {
            this.props.onReset?.();
            this.setState({ error: null });
          }}
        />
      );
    return this.props.children;
  }
}

/** True for a failed dynamic import (a lazy module whose chunk did not load). */
export function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(
    error.message,
  );
}

function DataFallback({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="boundary" role="alert">
      <p>{t('failedToLoadData')}</p>
      <Button variant="primary" onClick={onRefresh}>
        {t('refresh')}
      </Button>
    </div>
  );
}

/**
 * Spec 8: 'Failed to load data' with a refresh button that reloads the page when a lazy module
 * failed (its chunk is gone or the network dropped), else re-renders.
 */
export class DataBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[${this.props.name}] data or module failed:`, error);
  }

  private readonly refresh = () => {
    const error = this.state.error;
    if (error && isChunkLoadError(error)) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <DataFallback onRefresh={this.refresh} />;
    return this.props.children;
  }
}
