import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_TEXT_MAX, searchTextParam } from '../lib/portal/query-policy.ts';
import { inputClass } from './form-field.tsx';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A search field whose text is kept in the URL: typing commits it after a pause, and when the URL
 * changes from elsewhere (back, forward, a cleared filter) the field follows it.
 */
export function SearchBox({
  value,
  onCommit,
  label,
  placeholder,
}: {
  /** The search text in the URL. */
  value: string | undefined;
  /** Puts new search text in the URL (undefined clears it). */
  onCommit: (value: string | undefined) => void;
  label: string;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? '');
  // The URL value this field last saw: a different one came from outside, and replaces the draft.
  const [seen, setSeen] = useState(value);
  // What this field itself last put in the URL; its echo must not overwrite what was typed since.
  const committed = useRef(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== committed.current) setDraft(value ?? '');
    committed.current = value;
  }

  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  // The pause before committing is a timer, a real side effect.
  useEffect(() => {
    const next = searchTextParam(draft);
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      onCommitRef.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            const next = searchTextParam(draft);
            if (next !== committed.current) {
              committed.current = next;
              onCommit(next);
            }
          }
        }}
        placeholder={placeholder ?? label}
        autoComplete="off"
        className={`${inputClass()} pl-9 pr-9`}
      />
      {draft !== '' && (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            committed.current = undefined;
            onCommit(undefined);
          }}
          aria-label="Clear search"
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
