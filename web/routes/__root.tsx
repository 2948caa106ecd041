import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: () => null,
});

function RootLayout() {
  return (
    <div className="min-h-screen flex flex-col">
      <header className="sticky top-0 z-40 bg-slate-950 text-white">
        <nav className="mx-auto max-w-6xl flex items-center gap-4 px-4 h-14">
          <Link to="/" className="font-bold tracking-tight">
            FireFit <span className="text-brand-600">Canada</span>
          </Link>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
