import { queryOptions } from '@tanstack/react-query';
import { createFileRoute, Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeft, Building2, CalendarDays, Globe, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicDepartment } from '../../../api/contracts/departments.ts';
import { PUBLIC_BUTTON, PublicLoadError, PublicNotFound } from '../../components/public-states.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { FollowButton } from '../../features/following/follow-button.tsx';
import { DepartmentResultsSection } from '../../features/public-results/components/department-results.tsx';
import { apiGet } from '../../lib/api.ts';
import { loadRecord, recordIdOf, useRecord } from '../../lib/detail-route.ts';
import { isNotFound } from '../../lib/errors.ts';
import { reportError } from '../../lib/toasts.ts';

/** GET /api/departments/{id}: the department's public card, or null when there is none (404). */
const departmentQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: ['departments', 'detail', id ?? 0] as const,
    queryFn: async ({ signal }): Promise<PublicDepartment | null> => {
      try {
        // Silent: a missing department is a page state, not a failure worth a notice.
        return await apiGet<PublicDepartment>(`/departments/${id}`, { signal, silent: true });
      } catch (error) {
        if (isNotFound(error)) return null;
        if (!signal.aborted) reportError(error, 'toast');
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    enabled: id !== undefined,
  });

export const Route = createFileRoute('/departments/$id')({
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, departmentQuery(recordIdOf(params.id)));
  },
  pendingComponent: () => (
    <div className="flex justify-center px-4 py-24" data-testid="department-loading">
      <Spinner label="Loading department" />
    </div>
  ),
  errorComponent: DepartmentError,
  notFoundComponent: DepartmentNotFound,
  component: DepartmentPage,
});

function DepartmentPage() {
  const id = recordIdOf(Route.useParams().id);
  const department = useRecord(departmentQuery(id));
  return (
    <>
      <DepartmentCard department={department.data} />
      <div className="bg-slate-50">
        <DepartmentResultsSection departmentId={id} />
      </div>
    </>
  );
}

function DepartmentError() {
  return <PublicLoadError testId="department-error" back={<BackToEvents />} title="Unable to load this department." />;
}

/**
 * Visitors reach a department from an event, a competitor's results or a search: "Back" returns them
 * there; opened directly, the link leads to all results, where departments are searched.
 */
function BackFromDepartment() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  if (!canGoBack)
    return (
      <Link to="/results" className={BACK_LINK}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All results
      </Link>
    );
  return (
    <button type="button" onClick={() => router.history.back()} className={BACK_LINK}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back
    </button>
  );
}

const BACK_LINK =
  'inline-flex items-center gap-2 rounded-md text-sm font-semibold text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700';

function BackToEvents() {
  return (
    <Link
      to="/events"
      className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Events
    </Link>
  );
}

/** A website as typed by an admin may lack its scheme; links need one. Anything else is not linked. */
function websiteHref(website: string): string | undefined {
  const candidate = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const displayWebsite = (website: string) => website.replace(/^https?:\/\//i, '').replace(/\/$/, '');

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-14 py-4 pl-14 first:pt-0 last:pb-0 sm:py-5">
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">
        <span className="absolute left-0 grid size-10 -translate-y-1 place-items-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 break-words text-base text-slate-900">{children}</dd>
    </div>
  );
}

const LINK =
  'font-medium text-brand-700 underline decoration-brand-100 decoration-2 underline-offset-4 hover:decoration-brand-700';

function DepartmentCard({ department }: { department: PublicDepartment }) {
  const { name, city, province, address, phone, email, website } = department;
  const href = website ? websiteHref(website) : undefined;
  const hasContact = Boolean(address || phone || email || website);
  return (
    <div className="bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-4xl px-4 pb-10 pt-6 sm:px-6 sm:pb-14 sm:pt-10">
          <BackFromDepartment />
          <div className="mt-8 flex flex-col gap-5 sm:flex-row sm:items-center">
            <span className="grid size-16 shrink-0 place-items-center rounded-2xl bg-brand-700 text-white shadow-sm">
              <Building2 className="size-8" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Fire Department</p>
              <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 text-balance sm:text-4xl">
                {name}
              </h1>
              <p
                className="mt-2 inline-flex items-center gap-1.5 text-lg text-slate-600"
                data-testid="department-location"
              >
                <MapPin className="size-5 text-slate-400" aria-hidden="true" />
                {city}, {province}
              </p>
              <FollowButton entry={{ kind: 'department', id: department.id }} name={name} />
            </div>
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12 md:grid-cols-5">
        <section
          aria-labelledby="department-contact"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:col-span-3 sm:p-8"
        >
          <h2 id="department-contact" className="text-lg font-bold text-slate-900">
            Contact
          </h2>
          {hasContact ? (
            <dl className="mt-5 divide-y divide-slate-100" data-testid="department-contact">
              {address && (
                <ContactItem icon={<MapPin className="size-5" aria-hidden="true" />} label="Address">
                  <span className="whitespace-pre-line">{address}</span>
                </ContactItem>
              )}
              {phone && (
                <ContactItem icon={<Phone className="size-5" aria-hidden="true" />} label="Phone">
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={LINK}>
                    {phone}
                  </a>
                </ContactItem>
              )}
              {email && (
                <ContactItem icon={<Mail className="size-5" aria-hidden="true" />} label="Email">
                  <a href={`mailto:${email}`} className={LINK}>
                    {email}
                  </a>
                </ContactItem>
              )}
              {website && (
                <ContactItem icon={<Globe className="size-5" aria-hidden="true" />} label="Website">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK}>
                      {displayWebsite(website)}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    website
                  )}
                </ContactItem>
              )}
            </dl>
          ) : (
            <p className="mt-4 text-slate-600">No contact details are listed for this department.</p>
          )}
        </section>

        <aside className="flex flex-col justify-between gap-6 rounded-2xl bg-slate-900 p-6 text-white shadow-sm md:col-span-2 sm:p-8">
          <div>
            <CalendarDays className="size-8 text-brand-100" aria-hidden="true" />
            <h2 className="mt-4 text-lg font-bold">Find a competition</h2>
            <p className="mt-2 text-slate-300">
              Browse the season's events, from local challenges to the national championship.
            </p>
          </div>
          <Link
            to="/events"
            className={`${PUBLIC_BUTTON} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-white`}
          >
            View Events
          </Link>
        </aside>
      </div>
    </div>
  );
}

function DepartmentNotFound() {
  return (
    <PublicNotFound
      testId="department-not-found"
      icon={<Building2 className="size-8" aria-hidden="true" />}
      title="Department Not Found"
      to="/events"
      backLabel="Back to Events"
    >
      We couldn't find that department. It may have been removed.
    </PublicNotFound>
  );
}
