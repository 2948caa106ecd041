import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders prime the query cache; TanStack Query decides freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
});

// The view scrolls to the top on every path change, but not when only the query changes.
router.subscribe('onResolved', ({ pathChanged }) => {
  if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
