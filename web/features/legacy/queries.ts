/** Query keys and queryOptions of the legacy billing pages (docs/legacy-billing.md). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  LegacyAuditEntry,
  LegacyCodeValidation,
  LegacyConnection,
  LegacyCreditLedger,
  LegacyEvent,
  LegacyInvoice,
  LegacyInvoiceDetail,
  LegacyInvoiceTotals,
  LegacyOverview,
  LegacyPayment,
  LegacyPaymentCode,
  LegacyRegistration,
  LegacyUser,
} from '../../../api/contracts/legacy.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';

export const LEGACY_PAGE_SIZE = 25;
type Query = Record<string, string | number | boolean | undefined>;

const page = <T>(path: string, query: Query) =>
  queryOptions({
    queryKey: ['legacy', path, query] as const,
    queryFn: async ({ signal }): Promise<Page<T>> =>
      normalizePage<T>(
        await apiGet<unknown>(`/legacy${path}`, { query: { limit: LEGACY_PAGE_SIZE, ...query }, signal }),
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

const one = <T>(path: string, query: Query = {}) =>
  queryOptions({
    queryKey: ['legacy', path, query] as const,
    queryFn: ({ signal }) => apiGet<T>(`/legacy${path}`, { query, signal }),
    retry: portalRetry,
  });

export const legacyKeys = { all: ['legacy'] as const };

export const connectionQuery = () => one<LegacyConnection>('/test-mysql');
export const overviewQuery = () => one<LegacyOverview>('/users/stats/overview');
export const invoiceYearsQuery = () =>
  one<{ data: { year: number; count: number; total: string }[] }>('/invoices/years');
export const invoiceTotalsQuery = (year: number | undefined) => one<LegacyInvoiceTotals>('/invoices/totals', { year });
export const invoicesQuery = (filter: Query) => page<LegacyInvoice>('/invoices/filter', filter);
export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['legacy', '/invoices', id] as const,
    queryFn: ({ signal }) => fetchRecord<LegacyInvoiceDetail>(`/legacy/invoices/${id}`, signal),
    retry: portalRetry,
  });
export const auditQuery = (invoiceId: string) => page<LegacyAuditEntry>('/audit', { invoiceId });
export const paymentYearsQuery = () =>
  one<{ data: { year: number; count: number; total: string }[] }>('/payments/years');
export const paymentsQuery = (filter: Query) => page<LegacyPayment>('/payments/filter', filter);
export const codeYearsQuery = () => one<{ data: { year: number; count: number }[] }>('/payment-codes/years');
export const codesQuery = (year: number, pageNo: number) =>
  page<LegacyPaymentCode>(`/payment-codes/year/${year}`, { page: pageNo });
export const codeCheckQuery = (code: string, year: number | undefined) =>
  one<LegacyCodeValidation>(`/payment-codes/validate/${encodeURIComponent(code)}`, { year });
export const usersQuery = (filter: Query) => page<LegacyUser>('/users/filter', filter);
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['legacy', '/users', id] as const,
    queryFn: ({ signal }) => fetchRecord<LegacyUser>(`/legacy/users/${id}`, signal),
    retry: portalRetry,
  });
export const creditsQuery = (userId: string, pageNo: number) =>
  queryOptions({
    queryKey: ['legacy', '/credits/user', userId, pageNo] as const,
    queryFn: ({ signal }) =>
      apiGet<LegacyCreditLedger>(`/legacy/credits/user/${userId}`, { query: { page: pageNo, limit: 10 }, signal }),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });
export const activityQuery = (userId: string, pageNo: number) =>
  page<{ id: string; occurredAt: string | null; action: string; detail: string }>(`/users/${userId}/activity`, {
    page: pageNo,
    limit: 10,
  });
export const registrationsQuery = (filter: Query) => page<LegacyRegistration>('/registrations/filter', filter);
export const eventsQuery = () => page<LegacyEvent>('/events', { limit: 500 });

/** Every page of a list, for a CSV export (500 rows a request). */
export async function allPages<T>(path: string, query: Query, max = 200): Promise<T[]> {
  const rows: T[] = [];
  for (let p = 1; p <= max; p++) {
    const result = normalizePage<T>(
      await apiGet<unknown>(`/legacy${path}`, { query: { ...query, page: p, limit: 500 } }),
    );
    rows.push(...result.data);
    if (result.data.length === 0 || rows.length >= result.meta.total) break;
  }
  return rows;
}
