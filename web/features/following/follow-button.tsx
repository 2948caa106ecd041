import { Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { useState } from 'react';
import {
  FOLLOW_CAP,
  type Followed,
  readFollowed,
  sameFollowed,
  useFollowed,
  withFollowed,
  withoutFollowed,
  writeFollowed,
} from './storage.ts';

/**
 * "Follow" on a competitor's or a department's public page (docs/decisions/067): a toggle kept on this
 * device; once followed, a link to the Following page says where to see them.
 */
export function FollowButton({ entry, name }: { entry: Followed; name: string }) {
  const followed = useFollowed().some((f) => sameFollowed(f, entry));
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = () => {
    const list = readFollowed();
    if (followed) {
      setProblem(writeFollowed(withoutFollowed(list, entry)) ? null : 'This device would not save the change.');
      return;
    }
    const next = withFollowed(list, entry);
    if (next === 'full') {
      setProblem(`You already follow ${FOLLOW_CAP}: unfollow someone on the Following page first.`);
      return;
    }
    setProblem(writeFollowed(next) ? null : 'This device would not save who you follow.');
  };
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="follow">
      <button
        type="button"
        aria-pressed={followed}
        onClick={toggle}
        className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          followed
            ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
            : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700'
        }`}
      >
        <Star aria-hidden="true" className={`size-4 ${followed ? 'fill-current' : ''}`} />
        {followed ? 'Following' : 'Follow'}
        <span className="sr-only"> {name}</span>
      </button>
      <p role="status" className="text-sm text-slate-700">
        {problem ??
          (followed ? (
            <>
              Their next heats and results are on{' '}
              <Link to="/following" className="font-semibold text-brand-700 underline underline-offset-2">
                your Following page
              </Link>
              .
            </>
          ) : null)}
      </p>
    </div>
  );
}
