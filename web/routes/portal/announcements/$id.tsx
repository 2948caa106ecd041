import { createFileRoute, Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.ts';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { DetailErrorState, LoadingState, PortalPageHeader } from '../../../components/states.tsx';
import { AnnouncementEditor } from '../../../features/announcements-admin/components/announcement-editor.tsx';
import { adminAnnouncementQuery } from '../../../features/announcements-admin/queries.ts';
import { requireRole } from '../../../features/auth/guard.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';

/** The editor page: its component (and Editor.js with it) loads only here (autoCodeSplitting, docs/decisions/035). */
export const Route = createFileRoute('/portal/announcements/$id')({
  beforeLoad: requireRole('admin'),
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, adminAnnouncementQuery(recordIdOf(params.id)));
  },
  pendingComponent: () => <LoadingState label="Loading the announcement" />,
  errorComponent: ({ error }) => (
    <DetailErrorState back={<Back />} title="The announcement couldn't be loaded." error={error} {...useRouteRetry()} />
  ),
  notFoundComponent: () => (
    <RecordNotFound
      title="Announcement not found"
      noun="announcement"
      to="/portal/announcements"
      linkLabel="See all announcements"
    />
  ),
  component: AnnouncementEditorPage,
});

function Back() {
  return <BackLink to="/portal/announcements">Back to announcements</BackLink>;
}

function AnnouncementEditorPage() {
  const announcement = useRecord(adminAnnouncementQuery(recordIdOf(Route.useParams().id)));
  const a = announcement.data;
  return (
    <div className="mx-auto max-w-4xl">
      <PortalPageHeader
        back={<Back />}
        title={a.deletedAt ? `${a.title} (deleted)` : 'Edit announcement'}
        actions={
          a.status === 'published' && a.isVisible ? (
            <Link to="/announcements/$id" params={{ id: String(a.id) }} className={buttonClass('secondary', 'sm')}>
              <ExternalLink className="size-4" aria-hidden="true" />
              View on the site
            </Link>
          ) : undefined
        }
      />
      {a.deletedAt ? (
        <p className="text-slate-700">
          This announcement is deleted. Restore it from the list (Showing: Deleted) to edit it.
        </p>
      ) : (
        // Keyed by id: another announcement is a fresh editor with its own autosave.
        <AnnouncementEditor key={a.id} announcement={a} onSaved={() => undefined} />
      )}
    </div>
  );
}
