import type EditorJS from '@editorjs/editorjs';
import type { OutputData, ToolConstructable, ToolSettings } from '@editorjs/editorjs';
import { useEffect, useRef, useState } from 'react';
import { type BlockOut, type EditorBlock, fromEditor } from '../editor-mapping.ts';

const FRAME = '<iframe title="Video" style="width:100%;" height="320" frameborder="0" allowfullscreen></iframe>';

/** The image tool draws its pictures without alternative text: they get their caption, or a plain name. */
function nameUnnamedMedia(root: HTMLElement): void {
  for (const image of root.querySelectorAll('img:not([alt])')) {
    const caption = image.closest('.image-tool')?.querySelector('.image-tool__caption')?.textContent?.trim();
    image.setAttribute('alt', caption || 'Uploaded image');
  }
  for (const frame of root.querySelectorAll('iframe:not([title])')) frame.setAttribute('title', 'Video');
}

/**
 * YouTube and Vimeo only, played in their privacy-enhanced players as on the public page (the
 * Content-Security-Policy frames nothing else; docs/decisions/035).
 */
const EMBED_SERVICES = {
  youtube: {
    regex:
      /(?:https?:\/\/)?(?:www\.|m\.)?(?:youtu\.be\/|youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/))([A-Za-z0-9_-]{11})/,
    embedUrl: 'https://www.youtube-nocookie.com/embed/<%= remote_id %>',
    html: FRAME,
    height: 320,
    width: 580,
  },
  vimeo: {
    regex: /(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/,
    embedUrl: 'https://player.vimeo.com/video/<%= remote_id %>?dnt=1',
    html: FRAME,
    height: 320,
    width: 580,
  },
};

export interface UploadedImage {
  imageId: number;
  /** Where the editor shows it (an object URL of the chosen file). */
  url: string;
}

interface Props {
  /** The blocks to start from, already in Editor.js shape (see editor-mapping.ts). */
  initialBlocks: EditorBlock[];
  onChange: (blocks: BlockOut[]) => void;
  onUpload: (file: File) => Promise<UploadedImage>;
  /** Its accessible name. */
  label: string;
}

/**
 * Editor.js in a small React wrapper (docs/decisions/035). Editor.js and its tools are imported when this
 * component mounts, so they load with the editor page only, never with the public site. It is created
 * once per mount with the initial blocks; every change is read back and mapped to our block list.
 */
export function BlockEditor({ initialBlocks, onChange, onUpload, label }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  const latest = useRef({ onChange, onUpload });
  latest.current = { onChange, onUpload };
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The initial blocks are read once: the editor owns its content from then on.
  const initial = useRef(initialBlocks);

  useEffect(() => {
    let editor: EditorJS | undefined;
    let cancelled = false;
    const observer = new MutationObserver(() => {
      if (holder.current) nameUnnamedMedia(holder.current);
    });
    if (holder.current) observer.observe(holder.current, { childList: true, subtree: true });
    (async () => {
      const [{ default: Editor }, header, list, quote, delimiter, image, embed] = await Promise.all([
        import('@editorjs/editorjs'),
        import('@editorjs/header'),
        import('@editorjs/list'),
        import('@editorjs/quote'),
        import('@editorjs/delimiter'),
        import('@editorjs/image'),
        import('@editorjs/embed'),
      ]);
      if (cancelled || !holder.current) return;
      const tool = (cls: unknown, settings: Omit<ToolSettings, 'class'> = {}): ToolSettings => ({
        class: cls as ToolConstructable,
        ...settings,
      });
      const instance = new Editor({
        holder: holder.current,
        placeholder:
          'Write here. Type / for a heading, list, quote, image or divider; paste a YouTube or Vimeo link for a video.',
        minHeight: 120,
        data: { blocks: initial.current } as OutputData,
        tools: {
          header: tool(header.default, { inlineToolbar: false, config: { levels: [2, 3, 4], defaultLevel: 2 } }),
          list: tool(list.default, { inlineToolbar: true, config: { defaultStyle: 'unordered' } }),
          quote: tool(quote.default, { inlineToolbar: true }),
          delimiter: tool(delimiter.default),
          image: tool(image.default, {
            config: {
              features: { border: false, stretch: false, background: false, caption: 'optional' },
              captionPlaceholder: 'Caption',
              uploader: {
                uploadByFile: async (file: File) => {
                  const uploaded = await latest.current.onUpload(file);
                  return { success: 1, file: { url: uploaded.url, imageId: uploaded.imageId } };
                },
              },
            },
          }),
          embed: tool(embed.default, { config: { services: EMBED_SERVICES } }),
        },
        onChange: async (api) => {
          const saved = await api.saver.save();
          latest.current.onChange(fromEditor(saved.blocks as EditorBlock[]));
        },
      });
      editor = instance;
      await instance.isReady;
      if (!cancelled) setState('ready');
    })().catch((error: unknown) => {
      console.error('The block editor could not start.', error);
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      editor?.isReady.then(() => editor?.destroy()).catch(() => undefined);
    };
  }, []);

  return (
    <div>
      <fieldset
        aria-busy={state === 'loading'}
        data-testid="block-editor"
        data-state={state}
        className="min-h-40 rounded-lg border border-slate-300 bg-white px-3 py-2 focus-within:border-brand-700 focus-within:ring-2 focus-within:ring-brand-100 sm:px-12"
      >
        <legend className="sr-only">{label}</legend>
        <div ref={holder} />
      </fieldset>
      {state === 'loading' && <p className="mt-2 text-sm text-slate-600">Loading the editor…</p>}
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          The editor could not load. Reload the page; your text is kept in this browser.
        </p>
      )}
    </div>
  );
}
