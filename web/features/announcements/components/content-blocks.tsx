import type { ReactNode } from 'react';

/** A body block as the API sends it: a type and free-form data. */
export interface Block {
  type: string;
  data?: unknown;
}

const textOf = (data: unknown): string | undefined => {
  const text = (data as { text?: unknown } | null | undefined)?.text;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
};

const itemsOf = (data: unknown): string[] => {
  const items = (data as { items?: unknown } | null | undefined)?.items;
  return Array.isArray(items)
    ? items.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
};

const levelOf = (data: unknown): number => {
  const level = (data as { level?: unknown } | null | undefined)?.level;
  return typeof level === 'number' ? level : 2;
};

/**
 * One block as the public display shows it: paragraph, heading and list. Every other type (image,
 * video, quote, divider, anything unknown) and every malformed block renders nothing.
 */
export function ContentBlock({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'paragraph': {
      const text = textOf(block.data);
      return text ? (
        <p className="whitespace-pre-line text-base leading-relaxed text-slate-700 sm:text-lg">{text}</p>
      ) : null;
    }
    case 'heading': {
      const text = textOf(block.data);
      if (!text) return null;
      // The page title is the one h1, so body headings start at h2.
      return levelOf(block.data) >= 3 ? (
        <h3 className="pt-2 text-lg font-bold tracking-tight text-slate-900 sm:text-xl">{text}</h3>
      ) : (
        <h2 className="pt-4 text-xl font-extrabold tracking-tight text-slate-900 sm:text-2xl">{text}</h2>
      );
    }
    case 'list': {
      const items = itemsOf(block.data);
      if (items.length === 0) return null;
      return (
        <ul className="list-disc space-y-2 pl-6 text-base leading-relaxed text-slate-700 marker:text-brand-700 sm:text-lg">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are plain strings that may repeat
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    }
    default:
      return null;
  }
}

/** The body of an announcement: its displayable blocks, in order. */
export function ContentBlocks({
  blocks,
  className = '',
}: {
  blocks: readonly Block[] | null | undefined;
  className?: string;
}) {
  if (!Array.isArray(blocks) || blocks.length === 0) return null;
  return (
    <div className={`space-y-5 ${className}`} data-testid="announcement-body">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids and never reorder on screen
        <ContentBlock key={index} block={block} />
      ))}
    </div>
  );
}
