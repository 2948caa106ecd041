import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
