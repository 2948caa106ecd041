import { Badge } from '../../../components/badge.tsx';

/** The state of an announcement at a glance: Draft, Scheduled or Published; Pinned; Hidden. */
export function AnnouncementBadges({
  status,
  isPinned,
  isVisible,
  deleted = false,
}: {
  status: 'draft' | 'scheduled' | 'published';
  isPinned: boolean;
  isVisible: boolean;
  deleted?: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {deleted && <Badge className="bg-red-100 text-red-800">Deleted</Badge>}
      {status === 'draft' && (
        <Badge className="bg-slate-200 text-slate-800" testId="badge-draft">
          Draft
        </Badge>
      )}
      {status === 'scheduled' && (
        <Badge className="bg-amber-100 text-amber-900" testId="badge-scheduled">
          Scheduled
        </Badge>
      )}
      {status === 'published' && <Badge className="bg-green-100 text-green-800">Published</Badge>}
      {isPinned && (
        <Badge className="bg-brand-50 text-brand-800" testId="badge-pinned">
          Pinned
        </Badge>
      )}
      {!isVisible && <Badge className="bg-slate-100 text-slate-700">Hidden</Badge>}
    </span>
  );
}
