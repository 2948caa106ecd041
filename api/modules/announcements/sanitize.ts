import sanitizeHtml from 'sanitize-html';
import type { BlockInput } from '../../contracts/announcement-blocks.ts';

/**
 * The inline formatting a paragraph, quote or list item may keep (docs/decisions/035): bold, italic,
 * links to http, https and mailto addresses, line breaks. Everything else is dropped with its markup
 * (script and style with their content); attributes other than a link's href are dropped too.
 */
const INLINE: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'a', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  // A link without a usable address is kept as its text.
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

/** Plain text fields (headings, captions, alt): no markup at all; the browser shows them as text, never as HTML. */
const PLAIN: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: INLINE.nonTextTags,
};

export const sanitizeInline = (html: string): string => sanitizeHtml(html, INLINE).trim();
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The text of a plain field: tags dropped, then the entities the sanitizer wrote turned back into characters. */
export const sanitizePlain = (text: string): string =>
  sanitizeHtml(text, PLAIN)
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .trim();

/** A body's blocks with every text field cleaned; empty paragraphs and lists are dropped. */
export function sanitizeBlocks(blocks: readonly BlockInput[]): BlockInput[] {
  const out: BlockInput[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph': {
        const text = sanitizeInline(block.data.text);
        if (text) out.push({ type: 'paragraph', data: { text } });
        break;
      }
      case 'heading': {
        const text = sanitizePlain(block.data.text);
        if (text) out.push({ type: 'heading', data: { text, level: block.data.level } });
        break;
      }
      case 'quote': {
        const text = sanitizeInline(block.data.text);
        if (text) out.push({ type: 'quote', data: { text, caption: sanitizePlain(block.data.caption) } });
        break;
      }
      case 'list': {
        const items = block.data.items.map(sanitizeInline).filter((item) => item !== '');
        if (items.length > 0) out.push({ type: 'list', data: { style: block.data.style, items } });
        break;
      }
      case 'image':
        out.push({
          type: 'image',
          data: {
            imageId: block.data.imageId,
            caption: sanitizePlain(block.data.caption),
            alt: sanitizePlain(block.data.alt),
          },
        });
        break;
      case 'video':
        out.push({ type: 'video', data: { ...block.data, caption: sanitizePlain(block.data.caption) } });
        break;
      case 'divider':
        out.push({ type: 'divider', data: {} });
        break;
    }
  }
  return out;
}
