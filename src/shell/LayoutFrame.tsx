import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { Loading, Sidebar, SkipNavigationButton, useResetErrorBoundaryOnLocationChange } from 'react-admin';
import type { LayoutErrorProps } from './LayoutError';

const PREFIX = 'RaLayout';
const classes = { appFrame: `${PREFIX}-appFrame`, contentWithSidebar: `${PREFIX}-contentWithSidebar`, content: `${PREFIX}-content` };

/** react-admin's layout styles and class names (RaLayout-*), so theme overrides and `sx` keep applying. */
const Root = styled('div', { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  // Wide content (a table on a phone) scrolls inside its own box instead of widening the page.
  minWidth: 0,
  width: '100%',
  [`& .${classes.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${classes.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${classes.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    padding: 0,
  },
}));

type ErrorView = ComponentType<LayoutErrorProps>;

function ErrorFallback({ view: View, error, errorInfo, reset }: { view: ErrorView; error: Error; errorInfo?: ErrorInfo; reset: () => void }) {
  useResetErrorBoundaryOnLocationChange(reset);
  return <View error={error} errorInfo={errorInfo} resetErrorBoundary={reset} />;
}

interface BoundaryState {
  error: Error | null;
  errorInfo?: ErrorInfo;
}

/** Catches a screen's error and shows `view` until the location changes. */
class ScreenErrorBoundary extends Component<{ view: ErrorView; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(_error: unknown, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  reset = () => this.setState({ error: null, errorInfo: undefined });

  render() {
    const { error, errorInfo } = this.state;
    return error ? <ErrorFallback view={this.props.view} error={error} errorInfo={errorInfo} reset={this.reset} /> : this.props.children;
  }
}

export interface LayoutFrameProps {
  appBar: ComponentType;
  menu: ComponentType;
  error: ErrorView;
  className?: string;
  children?: ReactNode;
}

/**
 * react-admin's `<Layout>` frame (skip link, app bar, sidebar with the menu, content with an error
 * boundary and Suspense) without what the shell never shows: the preferences inspector and the
 * default app bar, menu and error page, which would otherwise be in the first load.
 * @example <LayoutFrame appBar={AppBar} menu={Menu} error={LayoutError}>{children}</LayoutFrame>
 */
export function LayoutFrame({ appBar: AppBar, menu: Menu, error, className, children }: LayoutFrameProps) {
  return (
    <Root className={className ? `layout ${className}` : 'layout'}>
      <SkipNavigationButton />
      <div className={classes.appFrame}>
        <AppBar />
        <main className={classes.contentWithSidebar}>
          <Sidebar>
            <Menu />
          </Sidebar>
          <div id="main-content" className={classes.content}>
            <ScreenErrorBoundary view={error}>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ScreenErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
}
