import { Link } from '@tanstack/react-router';

const LINKS = [
  { to: '/portal/legacy', label: 'Overview', exact: true },
  { to: '/portal/legacy/invoices', label: 'Invoices' },
  { to: '/portal/legacy/payments', label: 'Payments' },
  { to: '/portal/legacy/payment-codes', label: 'Payment codes' },
  { to: '/portal/legacy/users', label: 'Users & credits' },
  { to: '/portal/legacy/registrations', label: 'Registrations' },
] as const;

/** The sub-navigation of the "Billing (legacy)" section. */
export function LegacyNav() {
  return (
    // Wraps onto a second line on a phone rather than scrolling sideways: every section stays in sight.
    <nav aria-label="Legacy billing" className="mb-6">
      <ul className="flex flex-wrap gap-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              activeOptions={{ exact: 'exact' in link }}
              className="block rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
              activeProps={{ className: 'bg-slate-900 text-white hover:bg-slate-800', 'aria-current': 'page' }}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
