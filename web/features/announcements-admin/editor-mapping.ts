/**
 * Editor.js data to our announcement blocks and back (docs/decisions/035). Editor.js names its types
 * paragraph, header, list, quote, delimiter, image and embed; ours are paragraph, heading, list, quote,
 * divider, image and video. Anything else Editor.js may hold is left out of what is saved.
 */
import type { ContentBlockDto } from '../../../api/contracts/announcements.ts';
import { parseVideoUrl, videoEmbedUrl } from '../../../api/domain/announcements/blocks.ts';

export interface EditorBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
}

/** Our block as a write sends it. */
export type BlockOut = { type: string; data: Record<string, unknown> };

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Text for Editor.js, which reads a field as HTML: plain fields are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Where the editor shows an image: an object URL of its bytes, read with the bearer token. */
export type ImageUrlOf = (imageId: number) => string | undefined;

/** Editor.js list items (v2: objects with content and nested items) flattened to texts; nesting becomes order. */
function listItemsOf(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') out.push(item);
    else if (item && typeof item === 'object') {
      const { content, items: nested } = item as { content?: unknown; items?: unknown };
      out.push(str(content));
      out.push(...listItemsOf(nested));
    }
  }
  return out.filter((text) => text.replace(/<br\s*\/?>|&nbsp;/g, '').trim() !== '');
}

/** Editor.js output to our blocks; empty paragraphs and unknown types are dropped. */
export function fromEditor(blocks: readonly EditorBlock[]): BlockOut[] {
  const out: BlockOut[] = [];
  for (const { type, data } of blocks) {
    switch (type) {
      case 'paragraph': {
        const text = str(data.text);
        if (text.replace(/<br\s*\/?>|&nbsp;/g, '').trim() !== '') out.push({ type: 'paragraph', data: { text } });
        break;
      }
      case 'header': {
        const level = Math.min(4, Math.max(2, num(data.level) ?? 2));
        if (str(data.text).trim() !== '') out.push({ type: 'heading', data: { text: str(data.text), level } });
        break;
      }
      case 'list': {
        const items = listItemsOf(data.items);
        if (items.length > 0) {
          out.push({ type: 'list', data: { style: data.style === 'ordered' ? 'ordered' : 'unordered', items } });
        }
        break;
      }
      case 'quote':
        if (str(data.text).trim() !== '') {
          out.push({ type: 'quote', data: { text: str(data.text), caption: str(data.caption) } });
        }
        break;
      case 'delimiter':
        out.push({ type: 'divider', data: {} });
        break;
      case 'image': {
        const imageId = num((data.file as { imageId?: unknown } | undefined)?.imageId);
        if (imageId !== undefined) {
          out.push({ type: 'image', data: { imageId, caption: str(data.caption), alt: str(data.alt) } });
        }
        break;
      }
      case 'embed': {
        const url = str(data.source);
        if (parseVideoUrl(url)) out.push({ type: 'video', data: { url, caption: str(data.caption) } });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Our stored blocks to Editor.js data; blocks it cannot show (unknown types, images without a URL) are left out. */
export function toEditor(blocks: readonly ContentBlockDto[], imageUrlOf: ImageUrlOf): EditorBlock[] {
  const out: EditorBlock[] = [];
  for (const { type, data } of blocks) {
    switch (type) {
      case 'paragraph':
        out.push({ type: 'paragraph', data: { text: str(data.text) } });
        break;
      case 'heading':
        out.push({ type: 'header', data: { text: escapeHtml(str(data.text)), level: num(data.level) ?? 2 } });
        break;
      case 'list':
        out.push({
          type: 'list',
          data: {
            style: data.style === 'ordered' ? 'ordered' : 'unordered',
            meta: {},
            items: (Array.isArray(data.items) ? data.items : []).map((item) => ({
              content: str(item),
              meta: {},
              items: [],
            })),
          },
        });
        break;
      case 'quote':
        out.push({
          type: 'quote',
          data: { text: str(data.text), caption: escapeHtml(str(data.caption)), alignment: 'left' },
        });
        break;
      case 'divider':
        out.push({ type: 'delimiter', data: {} });
        break;
      case 'image': {
        const imageId = num(data.imageId);
        const url = imageId === undefined ? undefined : imageUrlOf(imageId);
        if (imageId !== undefined && url) {
          out.push({
            type: 'image',
            data: {
              file: { url, imageId },
              caption: escapeHtml(str(data.caption)),
              alt: str(data.alt),
              withBorder: false,
              stretched: false,
              withBackground: false,
            },
          });
        }
        break;
      }
      case 'video': {
        const ref = parseVideoUrl(str(data.url));
        if (ref) {
          out.push({
            type: 'embed',
            data: {
              service: ref.provider,
              source: str(data.url),
              embed: videoEmbedUrl(ref),
              width: 580,
              height: 320,
              caption: escapeHtml(str(data.caption)),
            },
          });
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}
