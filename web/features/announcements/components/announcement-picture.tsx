import { useEffect, useState } from 'react';
import { loadAnnouncementPicture } from '../queries.ts';

type Variant = 'thumbnail' | 'hero';

interface Props {
  announcementId: number;
  /** Alternative text; an empty string marks the picture as decorative. */
  alt: string;
  variant?: Variant;
  className?: string;
}

interface Loaded {
  id: number;
  url: string;
}

const FRAME: Record<Variant, string> = {
  thumbnail: 'aspect-[16/10] w-full overflow-hidden bg-slate-100 sm:aspect-auto sm:h-full sm:min-h-40',
  hero: 'flex max-h-[500px] w-full justify-center overflow-hidden rounded-2xl bg-slate-100',
};

const IMAGE: Record<Variant, string> = {
  thumbnail: 'size-full object-cover',
  hero: 'max-h-[500px] w-auto max-w-full object-contain',
};

/**
 * An announcement's picture, read as binary from GET /api/announcements/{id}/picture and shown through
 * an object URL that is revoked when the component leaves the screen. A failed load is logged
 * and the picture is left out; a picture the browser cannot display is hidden.
 */
export function AnnouncementPicture({ announcementId, alt, variant = 'thumbnail', className = '' }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    loadAnnouncementPicture(announcementId, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ id: announcementId, url });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`Announcement ${announcementId}: the picture could not be loaded.`, error);
        setFailedId(announcementId);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [announcementId]);

  if (failedId === announcementId) return null;
  const url = loaded?.id === announcementId ? loaded.url : undefined;
  if (url && url === brokenUrl) return null;

  if (!url) {
    // Only the thumbnail keeps its space while loading, so the card does not jump; the hero appears when ready.
    return variant === 'thumbnail' ? (
      <div
        className={`${FRAME.thumbnail} animate-pulse ${className}`}
        aria-hidden="true"
        data-testid="announcement-picture-loading"
      />
    ) : null;
  }

  return (
    <div className={`${FRAME[variant]} ${className}`}>
      <img
        src={url}
        alt={alt}
        className={IMAGE[variant]}
        decoding="async"
        data-testid="announcement-picture"
        onError={() => setBrokenUrl(url)}
      />
    </div>
  );
}
