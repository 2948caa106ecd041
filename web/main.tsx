import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAuthSession } from './lib/auth/session.ts';
import { queryClient } from './lib/query-client.ts';
import { router } from './router.tsx';
import './styles.css';

// The session restores itself (a silent refresh when this tab was signed in) while the app renders.
void startAuthSession({
  // A refresh failed for good: leave for the sign-in page, which brings the person back afterwards.
  beforeExpire: async () => {
    const { href } = router.state.location;
    await router.navigate({ to: '/sign-in', search: { redirect: href, reason: 'expired' }, replace: true });
  },
  // Nothing of the signed-out account stays in the cache for the next person at this screen.
  afterSignOut: () => queryClient.clear(),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
