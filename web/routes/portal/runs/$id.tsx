import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Ban, CheckCircle2, ExternalLink, Trash2, UsersRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PaginationControls } from '../../../components/pagination-controls.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import {
  DetailErrorState,
  EmptyState,
  ErrorState,
  LoadingState,
  PortalPageHeader,
} from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { DocumentLinks, runDocumentLinks } from '../../../features/documents/document-links.tsx';
import type { RegistrationAction } from '../../../features/registrations/actions.ts';
import { BatchRegisterDialog } from '../../../features/registrations/components/batch-register-dialog.tsx';
import { HistoryTimeline } from '../../../features/registrations/components/history-timeline.tsx';
import { useRegistrationActions } from '../../../features/registrations/components/registration-actions.tsx';
import { RunRegistrationRows } from '../../../features/registrations/components/run-registration-rows.tsx';
import { RunSummary } from '../../../features/registrations/components/run-summary.tsx';
import { WaitlistBoard } from '../../../features/registrations/components/waitlist-board.tsx';
import {
  parseRunRegistrationsSearch,
  type RunRegistrationsSearch,
  runTab,
  withRunTab,
} from '../../../features/registrations/filters.ts';
import { runKindLabel } from '../../../features/registrations/labels.ts';
import {
  deletedRegistrationsQuery,
  runHistoryQuery,
  runInfoQuery,
  runRegistrationsQuery,
  runTabQuery,
  waitlistQuery,
} from '../../../features/registrations/queries.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';
import { compact } from '../../../lib/portal/query-policy.ts';

export const Route = createFileRoute('/portal/runs/$id')({
  validateSearch: parseRunRegistrationsSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  // The run is awaited (the page needs it); the open tab is not: it shows its own spinner while it loads.
  loader: async ({ context, params, deps }) => {
    const id = recordIdOf(params.id);
    const client = context.queryClient;
    const page = deps.page ?? 1;
    const tab = runTab(deps);
    if (tab === 'confirmed') void client.prefetchQuery(runRegistrationsQuery(id, 'confirmed', page));
    if (tab === 'waitlist') void client.prefetchQuery(waitlistQuery(id));
    if (tab === 'cancelled') void client.prefetchQuery(runRegistrationsQuery(id, 'cancelled', page));
    if (tab === 'deleted') void client.prefetchQuery(deletedRegistrationsQuery(id, page));
    if (tab === 'history') void client.prefetchQuery(runHistoryQuery(id, page));
    await loadRecord(client, runInfoQuery(id));
  },
  pendingComponent: () => <LoadingState label="Loading the run" />,
  errorComponent: ({ error }) => (
    <DetailErrorState
      back={<BackLink to="/portal/registrations">Back to registrations</BackLink>}
      title="The run couldn't be loaded."
      error={error}
      {...useRouteRetry()}
    />
  ),
  notFoundComponent: () => (
    <RecordNotFound title="Run not found" noun="run" to="/portal/registrations" linkLabel="See all registrations" />
  ),
  component: RunPage,
});

function RunPage() {
  const run = useRecord(runInfoQuery(recordIdOf(Route.useParams().id)));
  return <RunRegistrations run={run.data} />;
}

function RunRegistrations({ run }: { run: RunDto }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const flash = useFlash();
  const actions = useRegistrationActions(flash.show, { waitlistLength: run.waitlistCount });
  const [batchOpen, setBatchOpen] = useState(false);
  const tab = runTab(search);
  const page = search.page ?? 1;

  // The counts of the tabs without a count on the run: their first pages, shared with the tabs themselves.
  const cancelled = useQuery(runRegistrationsQuery(run.id, 'cancelled', 1));
  const deleted = useQuery(deletedRegistrationsQuery(run.id, 1));
  const history = useQuery(runHistoryQuery(run.id, 1));
  const deletedCount = deleted.data?.meta.total;

  const setSearch = (next: RunRegistrationsSearch) => void navigate({ search: next });
  const setPage = (next: number) => setSearch(compact({ tab: search.tab, page: next > 1 ? next : undefined }));
  const tabProps = { page, onPageChange: setPage, busyId: actions.busyId, onAction: actions.request };

  return (
    <div>
      <PortalPageHeader
        back={
          <BackLink to="/portal/registrations" search={{ eventId: run.eventId, runId: run.id }}>
            Back to registrations
          </BackLink>
        }
        title={run.name}
        description={
          <>
            <span className="font-semibold text-slate-800">{run.eventName}</span> · {runKindLabel(run)}
          </>
        }
        actions={
          <>
            <Link to="/events/$id" params={{ id: String(run.eventId) }} className={buttonClass('secondary')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Event page
            </Link>
            <button type="button" className={buttonClass('primary')} onClick={() => setBatchOpen(true)}>
              <UsersRound aria-hidden="true" className="size-4" />
              Register teams
            </button>
          </>
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <RunSummary run={run} />
      <DocumentLinks links={runDocumentLinks(run.id)} withToken />
      <Tabs
        label="Registrations of the run"
        activeTab={tab}
        onTabChange={(id) => setSearch(withRunTab(id))}
        tabs={[
          {
            id: 'confirmed',
            label: 'Confirmed',
            badge: run.confirmedCount,
            content: <StatusTab run={run} kind="confirmed" {...tabProps} />,
          },
          {
            id: 'waitlist',
            label: 'Waitlist',
            badge: run.waitlistCount,
            content: <WaitlistBoard run={run} busyId={actions.busyId} onAction={actions.request} />,
          },
          {
            id: 'cancelled',
            label: 'Cancelled',
            badge: cancelled.data?.meta.total,
            content: <StatusTab run={run} kind="cancelled" {...tabProps} />,
          },
          {
            id: 'deleted',
            label: 'Deleted',
            badge: deletedCount,
            hidden: tab !== 'deleted' && !deletedCount,
            content: <StatusTab run={run} kind="deleted" {...tabProps} />,
          },
          {
            id: 'history',
            label: 'History',
            badge: history.data?.meta.total,
            content: <HistoryTimeline runId={run.id} page={page} onPageChange={setPage} />,
          },
        ]}
      />
      {batchOpen && (
        <BatchRegisterDialog
          run={run}
          onClose={() => setBatchOpen(false)}
          onDone={(message) => {
            setBatchOpen(false);
            flash.show(message);
          }}
        />
      )}
      {actions.dialog}
    </div>
  );
}

type Kind = 'confirmed' | 'cancelled' | 'deleted';

const KIND: Readonly<
  Record<
    Kind,
    {
      caption: string;
      noun: string;
      actions: readonly RegistrationAction[];
      when: { header: string; value: (r: RegistrationDto) => string | null };
      empty: { title: string; body: string; icon: ReactNode };
    }
  >
> = {
  confirmed: {
    caption: 'Confirmed registrations',
    noun: 'confirmed',
    actions: ['cancel', 'delete'],
    when: { header: 'Confirmed', value: (r) => r.confirmedAt },
    empty: {
      title: 'No confirmed places yet',
      body: 'Registrations take the places first come, first served; register teams here with "Register teams".',
      icon: <CheckCircle2 className="size-10 text-slate-400" aria-hidden="true" />,
    },
  },
  cancelled: {
    caption: 'Cancelled registrations',
    noun: 'cancelled',
    actions: ['reinstate', 'delete'],
    when: { header: 'Cancelled', value: (r) => r.cancelledAt },
    empty: {
      title: 'Nothing cancelled',
      body: 'Cancelled registrations appear here and can be reinstated.',
      icon: <Ban className="size-10 text-slate-400" aria-hidden="true" />,
    },
  },
  deleted: {
    caption: 'Deleted registrations',
    noun: 'deleted',
    actions: ['restore'],
    when: { header: 'Deleted', value: (r) => r.deletedAt },
    empty: {
      title: 'Nothing deleted',
      body: 'Deleted registrations appear here and can be restored.',
      icon: <Trash2 className="size-10 text-slate-400" aria-hidden="true" />,
    },
  },
};

function StatusTab({
  run,
  kind,
  page,
  onPageChange,
  busyId,
  onAction,
}: {
  run: RunDto;
  kind: Kind;
  page: number;
  onPageChange: (page: number) => void;
  busyId: number | undefined;
  onAction: (action: RegistrationAction, registration: RegistrationDto) => void;
}) {
  const query = useQuery(runTabQuery(run.id, kind, page));
  const copy = KIND[kind];

  if (query.isPending) return <LoadingState label={`Loading the ${copy.noun} registrations`} />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={`The ${copy.noun} registrations couldn't be loaded.`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.data.length === 0) {
    return page > 1 && query.data.meta.total > 0 ? (
      <EmptyState
        title="Nothing on this page"
        action={
          <button type="button" className={buttonClass('secondary')} onClick={() => onPageChange(1)}>
            Go to the first page
          </button>
        }
      />
    ) : (
      <EmptyState title={copy.empty.title} icon={copy.empty.icon}>
        {copy.empty.body}
      </EmptyState>
    );
  }
  return (
    <section aria-label={copy.caption} aria-busy={query.isFetching} className="flex flex-col gap-4">
      <RunRegistrationRows
        caption={copy.caption}
        registrations={query.data.data}
        stale={query.isPlaceholderData}
        actions={copy.actions}
        busyId={busyId}
        onAction={onAction}
        when={copy.when}
      />
      <PaginationControls
        meta={query.data.meta}
        shown={query.data.data.length}
        noun={`${copy.noun} registrations`}
        busy={query.isPlaceholderData}
        onPageChange={onPageChange}
      />
    </section>
  );
}
