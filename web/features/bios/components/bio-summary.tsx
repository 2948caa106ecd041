import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { bioQuery } from '../queries.ts';

/** Someone's bio, read-only (the account page in the users screens). */
export function BioSummary({ userId, name, initials }: { userId: number; name: string; initials: string }) {
  const bio = useQuery(bioQuery(userId));
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (bio.isPending) return <LoadingState label="Loading the bio" />;
  if (bio.isError)
    return (
      <ErrorState
        title="The bio couldn't be loaded."
        error={bio.error}
        onRetry={() => void bio.refetch()}
        retrying={bio.isFetching}
      />
    );
  if (!bio.data) return <p className="text-sm text-slate-600">{name} has not written a bio.</p>;
  const { headline, about, position, yearsOfService, hometown, photoUrl } = bio.data;
  const facts = [
    position && { label: 'Position', value: position },
    yearsOfService !== null && { label: 'Years of service', value: String(yearsOfService) },
    hometown && { label: 'Hometown', value: hometown },
  ].filter((fact): fact is { label: string; value: string } => !!fact);
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <div className="size-24 shrink-0 overflow-hidden rounded-full bg-slate-200">
        {photoUrl && photoUrl !== brokenUrl ? (
          <img src={photoUrl} alt={name} className="size-full object-cover" onError={() => setBrokenUrl(photoUrl)} />
        ) : (
          <span aria-hidden="true" className="grid size-full place-items-center text-2xl font-bold text-slate-600">
            {initials}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {headline && <p className="text-lg font-semibold text-slate-900">{headline}</p>}
        {facts.length > 0 && (
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {facts.map((fact) => (
              <div key={fact.label} className="flex gap-1">
                <dt className="text-slate-500">{fact.label}:</dt>
                <dd className="text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {about ? (
          <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{about}</p>
        ) : (
          !headline && <p className="text-sm text-slate-600">The bio is empty.</p>
        )}
      </div>
    </div>
  );
}
