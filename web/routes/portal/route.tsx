import { createFileRoute } from '@tanstack/react-router';
import { PortalLayout } from '../../components/portal-layout.tsx';
import { PortalNotFound } from '../../components/portal-not-found.tsx';
import { requireSignedIn } from '../../features/auth/guard.ts';

/** Everything under /portal needs a signed-in account; the pages below add their role. */
export const Route = createFileRoute('/portal')({
  beforeLoad: ({ location }) => requireSignedIn({ location }),
  component: PortalLayout,
  notFoundComponent: () => <PortalNotFound />,
});
