import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../features/auth/guard.ts';

export const Route = createFileRoute('/portal/results/$runId')({
  beforeLoad: requireRole('admin'),
  component: () => null,
});
