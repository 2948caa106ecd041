/**
 * The legacy invoices' statuses (docs/legacy-billing.md). Pure and zod-free: the portal's invoice list
 * validates its URL with them in the always-loaded route tree (web/vite.config.ts).
 */
export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
