import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import { inputClass } from '../../../components/form-field.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../components/search-box.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { displayName } from '../../../lib/portal/nav.ts';
import { searchTextParam } from '../../../lib/portal/query-policy.ts';
import { userSearchQuery } from '../queries.ts';

/** The text typed, once typing has paused. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  // The pause is a timer, a real side effect.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * For admins: find accounts by name or e-mail (GET /users/search) and act on one. Each result shows
 * its name, e-mail and department, and the action the caller renders for it.
 */
export function UserSearch({
  label,
  action,
  invalid = false,
  describedBy,
}: {
  label: string;
  /** The button (or note) beside a result. */
  action: (user: UserDto) => ReactNode;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const query = searchTextParam(useDebounced(text, SEARCH_DEBOUNCE_MS)) ?? '';
  const results = useQuery(userSearchQuery(query));

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches at once rather than submitting a surrounding form.
            if (e.key === 'Enter') e.preventDefault();
          }}
          placeholder="Name or e-mail"
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={[describedBy, resultsId].filter(Boolean).join(' ')}
          className={`${inputClass(invalid)} pl-9`}
        />
      </div>
      <div id={resultsId} aria-live="polite" className="mt-2">
        {query === '' ? null : results.isPending ? (
          <div className="py-2">
            <Spinner label="Searching accounts" />
          </div>
        ) : results.isError && !results.data ? (
          <p className="text-sm text-brand-800">
            {results.error instanceof Error ? results.error.message : 'The search failed.'}
          </p>
        ) : results.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">No account matches “{query}”.</p>
        ) : (
          <ul
            aria-label="Matching accounts"
            className={`divide-y divide-slate-100 rounded-lg border border-slate-200 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {results.data.data.map((user) => (
              <li
                key={user.id}
                className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">{displayName(user)}</p>
                  <p className="break-words text-slate-600">
                    <span className="break-all">{user.email}</span>
                    {user.departmentName ? ` · ${user.departmentName}` : ' · No department'}
                    {!user.isActive && ' · Deactivated'}
                  </p>
                </div>
                <div className="shrink-0">{action(user)}</div>
              </li>
            ))}
          </ul>
        )}
        {query !== '' && results.data && results.data.meta.total > results.data.data.length && (
          <p className="mt-1 text-xs text-slate-600">
            Showing {results.data.data.length} of {results.data.meta.total}; type more of the name to narrow it down.
          </p>
        )}
      </div>
    </div>
  );
}
