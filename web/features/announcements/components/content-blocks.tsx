import type { ReactNode } from 'react';
import { announcementImagePath, parseVideoUrl, videoEmbedUrl } from '../../../../api/domain/announcements/blocks.ts';
import { hasText, InlineHtml } from './inline-html.tsx';

/** A body block as the API sends it: a type and free-form data. */
export interface Block {
  type: string;
  data?: unknown;
}

/**
 * Where an image block's picture comes from: by default its public addresses at each width; the editor's
 * preview passes object URLs of bytes read with the admin's token (a draft's images are not public).
 */
export type ImageSource = (imageId: number) => { src: string; srcSet?: string } | undefined;

const field = (data: unknown, name: string): unknown => (data as Record<string, unknown> | null | undefined)?.[name];

const textOf = (data: unknown, name = 'text'): string | undefined => {
  const text = field(data, name);
  return typeof text === 'string' && hasText(text) ? text : undefined;
};

const plainOf = (data: unknown, name: string): string => {
  const text = field(data, name);
  return typeof text === 'string' ? text.trim() : '';
};

const itemsOf = (data: unknown): string[] => {
  const items = field(data, 'items');
  return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string' && hasText(item)) : [];
};

const levelOf = (data: unknown): number => {
  const level = field(data, 'level');
  return typeof level === 'number' ? level : 2;
};

const TEXT = 'text-base leading-relaxed text-slate-700 sm:text-lg';

function publicImageSource(announcementId: number): ImageSource {
  return (imageId) => ({
    src: announcementImagePath(announcementId, imageId, 960),
    srcSet: [480, 960, 1600].map((w) => `${announcementImagePath(announcementId, imageId, w)} ${w}w`).join(', '),
  });
}

/**
 * One block as the display shows it: the seven types of the body (paragraph, heading, image, video,
 * quote, list, divider). Unknown types and malformed blocks render nothing.
 */
export function ContentBlock({ block, imageSource }: { block: Block; imageSource?: ImageSource }): ReactNode {
  const { data } = block;
  switch (block.type) {
    case 'paragraph': {
      const text = textOf(data);
      return text ? (
        <p className={`whitespace-pre-line ${TEXT}`}>
          <InlineHtml html={text} />
        </p>
      ) : null;
    }
    case 'heading': {
      const text = plainOf(data, 'text');
      if (!text) return null;
      // The page title is the one h1, so body headings start at h2.
      return levelOf(data) >= 3 ? (
        <h3 className="pt-2 text-lg font-bold tracking-tight text-slate-900 sm:text-xl">{text}</h3>
      ) : (
        <h2 className="pt-4 text-xl font-extrabold tracking-tight text-slate-900 sm:text-2xl">{text}</h2>
      );
    }
    case 'list': {
      const items = itemsOf(data);
      if (items.length === 0) return null;
      const ordered = field(data, 'style') === 'ordered';
      const className = `${ordered ? 'list-decimal' : 'list-disc'} space-y-2 pl-6 ${TEXT} marker:text-brand-700`;
      const children = items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items are plain strings that may repeat
        <li key={index}>
          <InlineHtml html={item} />
        </li>
      ));
      return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>;
    }
    case 'quote': {
      const text = textOf(data);
      if (!text) return null;
      const caption = plainOf(data, 'caption');
      return (
        <figure className="border-l-4 border-brand-700 bg-slate-50 py-3 pl-5 pr-4" data-testid="block-quote">
          <blockquote className="text-lg italic leading-relaxed text-slate-800 sm:text-xl">
            <InlineHtml html={text} />
          </blockquote>
          {caption && <figcaption className="mt-2 text-sm font-semibold text-slate-600">— {caption}</figcaption>}
        </figure>
      );
    }
    case 'divider':
      return <hr className="mx-auto w-24 border-t-2 border-slate-300" data-testid="block-divider" />;
    case 'image': {
      const imageId = field(data, 'imageId');
      if (typeof imageId !== 'number' || !imageSource) return null;
      const source = imageSource(imageId);
      if (!source) return null;
      const caption = plainOf(data, 'caption');
      return (
        <figure data-testid="block-image">
          <img
            src={source.src}
            srcSet={source.srcSet}
            sizes="(min-width: 768px) 720px, 100vw"
            alt={plainOf(data, 'alt') || caption}
            loading="lazy"
            decoding="async"
            className="w-full rounded-xl bg-slate-100 object-contain"
          />
          {caption && <figcaption className="mt-2 text-center text-sm text-slate-600">{caption}</figcaption>}
        </figure>
      );
    }
    case 'video': {
      const url = field(data, 'url');
      const ref = typeof url === 'string' ? parseVideoUrl(url) : null;
      if (!ref) return null;
      const caption = plainOf(data, 'caption');
      return (
        <figure data-testid="block-video">
          <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
            <iframe
              src={videoEmbedUrl(ref)}
              title={caption || `${ref.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video`}
              className="size-full"
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              allow="encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
          {caption && <figcaption className="mt-2 text-center text-sm text-slate-600">{caption}</figcaption>}
        </figure>
      );
    }
    default:
      return null;
  }
}

/** The body of an announcement: its displayable blocks, in order. */
export function ContentBlocks({
  blocks,
  announcementId,
  imageSource,
  className = '',
}: {
  blocks: readonly Block[] | null | undefined;
  /** Image blocks are shown from this announcement's public image addresses, unless imageSource says otherwise. */
  announcementId?: number;
  imageSource?: ImageSource;
  className?: string;
}) {
  if (!Array.isArray(blocks) || blocks.length === 0) return null;
  const images = imageSource ?? (announcementId === undefined ? undefined : publicImageSource(announcementId));
  return (
    <div className={`space-y-5 ${className}`} data-testid="announcement-body">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids and never reorder on screen
        <ContentBlock key={index} block={block} imageSource={images} />
      ))}
    </div>
  );
}
