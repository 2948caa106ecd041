import { createFileRoute } from '@tanstack/react-router';

// Placeholder while the screen is being built.
export const Route = createFileRoute('/portal/run-orders/')({
  component: () => null,
});
