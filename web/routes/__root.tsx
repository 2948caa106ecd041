import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { FullScreenSpinner } from '../components/spinner.tsx';
import { Toaster } from '../components/toaster.tsx';
import { AccountControls, MobileAccountSection } from '../features/auth/components/account-menu.tsx';
import { isDisplayPath } from '../features/display/paths.ts';
import { HomePage } from '../features/home/components/home-page.tsx';
import { isPortalPath } from '../lib/portal/paths.ts';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  // Any unknown path shows the home page.
  notFoundComponent: HomePage,
  errorComponent: ({ error, reset }) => (
    <Shell>
      <ErrorFallback error={error} reset={reset} />
    </Shell>
  ),
  pendingComponent: () => <FullScreenSpinner />,
});

function RootLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * The portal (/portal/...) brings its own navigation; the venue display (/display/runs/...) is the whole
 * screen, with no chrome at all; every other path gets the public header and footer.
 */
function Shell({ children }: { children: React.ReactNode }) {
  const frame = useRouterState({
    select: (s) =>
      isDisplayPath(s.location.pathname) ? 'display' : isPortalPath(s.location.pathname) ? 'portal' : 'public',
  });
  if (frame === 'display') return children;
  return frame === 'portal' ? <PortalFrame>{children}</PortalFrame> : <PublicShell>{children}</PublicShell>;
}

function PortalFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <ProgressBar />
      {children}
      <Toaster />
    </>
  );
}

function PublicShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <ProgressBar />
      <SiteHeader
        account={<AccountControls />}
        mobileAccount={(close) => <MobileAccountSection onNavigate={close} />}
      />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
