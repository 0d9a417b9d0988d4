import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { Loading, Sidebar, useResetErrorBoundaryOnLocationChange, useStore, useTranslate } from 'react-admin';
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
    // Focused by the skip link only (tabIndex -1): no ring around the whole screen.
    '&:focus': { outline: 'none' },
  },
}));

type ErrorView = ComponentType<LayoutErrorProps>;

const MAIN_CONTENT = 'main-content';

/**
 * The first stop of the Tab key: "Skip to content", shown when focused. It moves focus to the screen's
 * content, so the next Tab reaches the screen's first field or button, not the top bar and the sidebar.
 * The page's address (whose hash names a screen's tab) is left alone.
 */
const SkipLink = styled('a')(({ theme }) => ({
  position: 'fixed',
  left: theme.spacing(2),
  top: theme.spacing(-10),
  zIndex: 5000,
  padding: theme.spacing(1, 2),
  borderRadius: (theme.vars || theme).shape.borderRadius,
  backgroundColor: (theme.vars || theme).palette.background.paper,
  color: (theme.vars || theme).palette.primary.main,
  fontWeight: 500,
  boxShadow: (theme.vars || theme).shadows[4],
  '&:focus': { top: theme.spacing(1), outline: `2px solid ${(theme.vars || theme).palette.primary.main}`, outlineOffset: 2 },
}));

function SkipToContent() {
  const translate = useTranslate();
  return (
    <SkipLink
      href={`#${MAIN_CONTENT}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT)?.focus();
      }}
    >
      {translate('ra.navigation.skip_nav')}
    </SkipLink>
  );
}

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
  // The sidebar's state for this width, on the very render the width changes: react-admin's own hook
  // answers the previous width's default for one render, which left an invisible drawer blocking every
  // click after a window narrowed to phone width.
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [stored] = useStore<boolean | undefined>('sidebar.open');
  const sidebarOpen = stored ?? !isXSmall;
  const translate = useTranslate();
  // On phones the sidebar is a modal drawer (a dialog): it is named.
  const drawerProps = isXSmall ? { slotProps: { paper: { 'aria-label': translate('shell.menu.navigation') } } } : {};
  return (
    <Root className={className ? `layout ${className}` : 'layout'}>
      <SkipToContent />
      <div className={classes.appFrame}>
        <AppBar />
        <main className={classes.contentWithSidebar}>
          <Sidebar open={sidebarOpen} {...drawerProps}>
            <Menu />
          </Sidebar>
          <div id={MAIN_CONTENT} tabIndex={-1} className={classes.content}>
            <ScreenErrorBoundary view={error}>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ScreenErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
}
