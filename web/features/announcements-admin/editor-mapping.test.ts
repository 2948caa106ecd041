import { describe, expect, it } from 'vitest';
import { type EditorBlock, escapeHtml, fromEditor, toEditor } from './editor-mapping.ts';

const editorBlocks: EditorBlock[] = [
  { id: 'a', type: 'paragraph', data: { text: 'Seven <b>stops</b>' } },
  { id: 'b', type: 'header', data: { text: 'Calendar', level: 2 } },
  {
    id: 'c',
    type: 'list',
    data: {
      style: 'ordered',
      meta: {},
      items: [
        { content: 'Red Deer', meta: {}, items: [{ content: 'Day 1', meta: {}, items: [] }] },
        { content: '', meta: {}, items: [] },
      ],
    },
  },
  { id: 'd', type: 'quote', data: { text: 'Train hard', caption: 'Chief', alignment: 'left' } },
  { id: 'e', type: 'delimiter', data: {} },
  { id: 'f', type: 'image', data: { file: { url: 'blob:x', imageId: 4 }, caption: 'Finish', withBorder: false } },
  { id: 'g', type: 'embed', data: { service: 'youtube', source: 'https://youtu.be/dQw4w9WgXcQ', caption: '' } },
  { id: 'h', type: 'embed', data: { service: 'instagram', source: 'https://instagram.com/p/x' } },
  { id: 'i', type: 'paragraph', data: { text: '&nbsp;<br>' } },
  { id: 'j', type: 'table', data: { content: [] } },
];

describe('fromEditor', () => {
  it('maps Editor.js types to ours and drops what we do not keep', () => {
    expect(fromEditor(editorBlocks)).toEqual([
      { type: 'paragraph', data: { text: 'Seven <b>stops</b>' } },
      { type: 'heading', data: { text: 'Calendar', level: 2 } },
      { type: 'list', data: { style: 'ordered', items: ['Red Deer', 'Day 1'] } },
      { type: 'quote', data: { text: 'Train hard', caption: 'Chief' } },
      { type: 'divider', data: {} },
      { type: 'image', data: { imageId: 4, caption: 'Finish', alt: '' } },
      { type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ', caption: '' } },
    ]);
  });

  it('keeps heading levels within 2 to 4', () => {
    expect(fromEditor([{ type: 'header', data: { text: 'x', level: 1 } }])[0]?.data.level).toBe(2);
    expect(fromEditor([{ type: 'header', data: { text: 'x', level: 6 } }])[0]?.data.level).toBe(4);
  });
});

describe('toEditor', () => {
  it('maps our blocks back, escaping plain fields, and leaves out images it cannot show and unknown types', () => {
    const ours = [
      { type: 'heading', data: { text: 'Tom & Jerry <3', level: 3 } },
      { type: 'list', data: { style: 'unordered', items: ['a'] } },
      { type: 'image', data: { imageId: 4, caption: 'x' } },
      { type: 'image', data: { imageId: 5, caption: 'y' } },
      { type: 'video', data: { url: 'https://vimeo.com/76979871', caption: '' } },
      { type: 'divider', data: {} },
      { type: 'mystery', data: {} },
    ];
    const out = toEditor(ours, (id) => (id === 4 ? 'blob:four' : undefined));
    expect(out.map((b) => b.type)).toEqual(['header', 'list', 'image', 'embed', 'delimiter']);
    expect(out[0]?.data.text).toBe('Tom &amp; Jerry &lt;3');
    expect(out[2]?.data.file).toEqual({ url: 'blob:four', imageId: 4 });
    expect(out[3]?.data.embed).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    // And through the editor again to the same blocks.
    expect(fromEditor(out).map((b) => b.type)).toEqual(['heading', 'list', 'image', 'video', 'divider']);
  });

  it('escapes the three characters HTML reads', () => {
    expect(escapeHtml('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
  });
});
