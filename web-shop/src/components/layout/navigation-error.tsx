import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../ui/message-page';
import { useToast } from '../ui/toast-provider';

/** Seeds §2: a failed navigation says so in a toast, and the page says what to do next. */
export function NavigationError() {
  const { t } = useTranslation();
  const showToast = useToast();
  useEffect(() => {
    showToast({
      severity: 'error',
      title: t('errors.navigationTitle'),
      message: t('errors.navigationMessage'),
    });
  }, [showToast, t]);
  return <MessagePage title={t('errors.navigationTitle')} message={t('errors.navigationMessage')} />;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

interface BoundaryProps {
  /** A new value (the next path) clears the error, so the header's links still lead somewhere. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a screen that throws or whose chunk fails to load (a deployment replaced it, the network
 * dropped) inside the layout, so the header and footer stay usable.
 */
export class NavigationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <NavigationError /> : this.props.children;
  }
}
