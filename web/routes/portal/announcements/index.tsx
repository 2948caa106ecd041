import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Eye, EyeOff, Megaphone, Pencil, Pin, PinOff, Plus, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminAnnouncement } from '../../../../api/contracts/announcements.ts';
import { buttonClass } from '../../../components/button.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { AnnouncementBadges } from '../../../features/announcements-admin/components/announcement-badges.tsx';
import {
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useRestoreAnnouncement,
  useToggleAnnouncement,
} from '../../../features/announcements-admin/mutations.ts';
import {
  type AnnouncementListFilters,
  adminAnnouncementsQuery,
} from '../../../features/announcements-admin/queries.ts';
import { requireRole } from '../../../features/auth/guard.ts';
import { formatDateTime } from '../../../lib/format.ts';

interface ListSearch {
  page?: number;
  status?: 'draft' | 'scheduled' | 'published';
  visible?: 'yes' | 'no';
  pinned?: 'yes' | 'no';
  bin?: true;
}

function parseSearch(raw: Record<string, unknown>): ListSearch {
  const search: ListSearch = {};
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) search.page = page;
  if (raw.status === 'draft' || raw.status === 'scheduled' || raw.status === 'published') search.status = raw.status;
  if (raw.visible === 'yes' || raw.visible === 'no') search.visible = raw.visible;
  if (raw.pinned === 'yes' || raw.pinned === 'no') search.pinned = raw.pinned;
  if (raw.bin === true || raw.bin === 'true') search.bin = true;
  return search;
}

const flag = (v: 'yes' | 'no' | undefined) => (v === undefined ? undefined : v === 'yes');

function filtersOf(search: ListSearch): AnnouncementListFilters {
  return {
    page: search.page,
    status: search.status,
    isVisible: flag(search.visible),
    isPinned: flag(search.pinned),
    deleted: search.bin,
  };
}

export const Route = createFileRoute('/portal/announcements/')({
  validateSearch: parseSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminAnnouncementsQuery(filtersOf(deps)));
  },
  component: AnnouncementsPage,
});

function AnnouncementsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const list = useQuery(adminAnnouncementsQuery(filtersOf(search)));
  const flash = useFlash();
  const create = useCreateAnnouncement();
  const setSearch = (next: ListSearch) => void navigate({ search: next });
  const filtered = Object.keys(search).some((k) => k !== 'page');

  async function newAnnouncement() {
    // A new announcement starts as a draft on the server, so its images have somewhere to go.
    const created = await create.mutateAsync({ title: 'Untitled announcement' });
    void navigate({ to: '/portal/announcements/$id', params: { id: String(created.id) } });
  }

  return (
    <div>
      <PortalPageHeader
        title="Announcements"
        description="News on the public site: drafts, scheduled and hidden ones included. Pinned ones come first."
        actions={
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={create.isPending}
            onClick={() => void newAnnouncement()}
          >
            <Plus aria-hidden="true" className="size-4" />
            New announcement
          </button>
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FilterSelect
          label="Status"
          value={search.status ?? ''}
          onChange={(v) => setSearch({ ...search, page: undefined, status: (v || undefined) as ListSearch['status'] })}
        >
          <option value="">Any</option>
          <option value="draft">Draft</option>
          <option value="scheduled">Scheduled</option>
          <option value="published">Published</option>
        </FilterSelect>
        <FilterSelect
          label="Visibility"
          value={search.visible ?? ''}
          onChange={(v) =>
            setSearch({ ...search, page: undefined, visible: (v || undefined) as ListSearch['visible'] })
          }
        >
          <option value="">Any</option>
          <option value="yes">Visible</option>
          <option value="no">Hidden</option>
        </FilterSelect>
        <FilterSelect
          label="Pinned"
          value={search.pinned ?? ''}
          onChange={(v) => setSearch({ ...search, page: undefined, pinned: (v || undefined) as ListSearch['pinned'] })}
        >
          <option value="">Any</option>
          <option value="yes">Pinned</option>
          <option value="no">Not pinned</option>
        </FilterSelect>
        <FilterSelect
          label="Showing"
          value={search.bin ? 'bin' : ''}
          onChange={(v) => setSearch({ ...search, page: undefined, bin: v === 'bin' ? true : undefined })}
        >
          <option value="">Current</option>
          <option value="bin">Deleted</option>
        </FilterSelect>
      </div>
      <PagedResults
        query={list}
        region={{ className: 'mt-6' }}
        loadingLabel="Loading announcements"
        errorTitle="The announcements couldn't be loaded."
        noun="announcements"
        onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={<PastEndState noun="announcements" onFirstPage={() => setSearch({ ...search, page: undefined })} />}
        empty={
          <EmptyState
            title={filtered ? 'No announcements match' : 'No announcements yet'}
            icon={<Megaphone className="size-10 text-slate-400" aria-hidden="true" />}
          >
            {filtered ? 'Try fewer filters.' : 'Write the first one with "New announcement".'}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <ul className={`space-y-3 ${stale ? 'opacity-60' : ''}`} data-testid="announcement-rows">
            {rows.map((row) => (
              <AnnouncementRow key={row.id} announcement={row} onDone={flash.show} />
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}

function AnnouncementRow({
  announcement: a,
  onDone,
}: {
  announcement: AdminAnnouncement;
  onDone: (m: string) => void;
}) {
  const toggle = useToggleAnnouncement();
  const remove = useDeleteAnnouncement();
  const restore = useRestoreAnnouncement();
  const busy = toggle.isPending || remove.isPending || restore.isPending;
  const deleted = a.deletedAt !== null;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="announcement-row"
    >
      <div className="min-w-0">
        <AnnouncementBadges status={a.status} isPinned={a.isPinned} isVisible={a.isVisible} deleted={deleted} />
        <p className="mt-1 truncate text-base font-bold text-slate-900">
          {deleted ? (
            a.title
          ) : (
            <Link
              to="/portal/announcements/$id"
              params={{ id: String(a.id) }}
              className="hover:text-brand-700 hover:underline"
            >
              {a.title}
            </Link>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {a.status === 'scheduled' ? 'Goes public ' : a.status === 'draft' ? 'Draft, dated ' : 'Published '}
          <time dateTime={a.publishedAt}>{formatDateTime(a.publishedAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {deleted ? (
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={busy}
            onClick={() => restore.mutate(a.id, { onSuccess: () => onDone(`${a.title} was restored.`) })}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            Restore
          </button>
        ) : (
          <>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              aria-pressed={a.isPinned}
              aria-label={`${a.isPinned ? 'Unpin' : 'Pin'} ${a.title}`}
              disabled={busy}
              onClick={() => toggle.mutate({ id: a.id, flag: 'pin', value: !a.isPinned })}
            >
              {a.isPinned ? (
                <PinOff className="size-4" aria-hidden="true" />
              ) : (
                <Pin className="size-4" aria-hidden="true" />
              )}
              {a.isPinned ? 'Unpin' : 'Pin'}
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              aria-label={`${a.isVisible ? 'Hide' : 'Show'} ${a.title}`}
              disabled={busy}
              onClick={() => toggle.mutate({ id: a.id, flag: 'visibility', value: !a.isVisible })}
            >
              {a.isVisible ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
              {a.isVisible ? 'Hide' : 'Show'}
            </button>
            <Link
              to="/portal/announcements/$id"
              params={{ id: String(a.id) }}
              className={buttonClass('primary', 'sm')}
              aria-label={`Edit ${a.title}`}
            >
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Link>
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              aria-label={`Delete ${a.title}`}
              disabled={busy}
              onClick={() =>
                remove.mutate(a.id, { onSuccess: () => onDone(`${a.title} was deleted. Restore it from "Deleted".`) })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
