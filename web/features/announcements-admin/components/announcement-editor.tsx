import { Eye, ImageUp, Pencil, Save, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AdminAnnouncement } from '../../../../api/contracts/announcements.ts';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, InputField, inputClass } from '../../../components/form-field.tsx';
import { apiGetBlob } from '../../../lib/api.ts';
import { AppError } from '../../../lib/errors.ts';
import { ContentBlocks, type ImageSource } from '../../announcements/components/content-blocks.tsx';
import { clearDraft, draftDiffers, readDraft, writeDraft } from '../draft-storage.ts';
import { type BlockOut, toEditor } from '../editor-mapping.ts';
import { uploadAnnouncementImage, useSaveAnnouncement } from '../mutations.ts';
import { fromLocalInput, toLocalInput } from '../schedule.ts';
import { AnnouncementBadges } from './announcement-badges.tsx';
import { BlockEditor, type UploadedImage } from './block-editor.tsx';

interface Fields {
  title: string;
  excerpt: string;
  videoUrl: string;
  status: 'draft' | 'published';
  publishAt: string;
  isPinned: boolean;
  isVisible: boolean;
  pictureImageId: number | null;
}

const fieldsOf = (a: AdminAnnouncement): Fields => ({
  title: a.title,
  excerpt: a.excerpt,
  videoUrl: a.videoUrl ?? '',
  status: a.status === 'draft' ? 'draft' : 'published',
  publishAt: toLocalInput(a.publishedAt),
  isPinned: a.isPinned,
  isVisible: a.isVisible,
  pictureImageId: a.pictureImageId,
});

/** Object URLs of the announcement's images, read with the admin's token (a draft's images are not public). */
function useImageUrls(announcement: AdminAnnouncement) {
  const [urls, setUrls] = useState<Map<number, string> | undefined>(undefined);
  const made = useRef<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per announcement; later uploads add their own URLs
  useEffect(() => {
    const controller = new AbortController();
    const ids = announcement.images.map((image) => image.id);
    Promise.all(
      ids.map(async (imageId) => {
        try {
          const blob = await apiGetBlob(`/announcements/${announcement.id}/images/${imageId}?width=960`, {
            signal: controller.signal,
            silent: true,
          });
          const url = URL.createObjectURL(blob);
          made.current.push(url);
          return [imageId, url] as const;
        } catch {
          return undefined;
        }
      }),
    ).then((pairs) => {
      if (!controller.signal.aborted) setUrls(new Map(pairs.filter((p) => p !== undefined)));
    });
    return () => controller.abort();
  }, [announcement.id]);
  useEffect(
    () => () => {
      for (const url of made.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const add = (imageId: number, url: string) => {
    made.current.push(url);
    setUrls((current) => new Map(current).set(imageId, url));
  };
  return { urls, add };
}

/**
 * The announcement editor (docs/decisions/035, 036): title, excerpt, the block body in Editor.js, publication
 * (draft, or published now or at a time), pin, visibility, picture and video link. What is typed is kept in
 * this browser until it is saved; a save answered 409 keeps the text and says another admin saved since.
 */
export function AnnouncementEditor({
  announcement,
  onSaved,
}: {
  announcement: AdminAnnouncement;
  onSaved: (announcement: AdminAnnouncement) => void;
}) {
  const images = useImageUrls(announcement);
  if (!images.urls) return <p className="text-sm text-slate-600">Loading the images…</p>;
  return <EditorForm announcement={announcement} imageUrls={images.urls} addImageUrl={images.add} onSaved={onSaved} />;
}

function EditorForm({
  announcement,
  imageUrls,
  addImageUrl,
  onSaved,
}: {
  announcement: AdminAnnouncement;
  imageUrls: Map<number, string>;
  addImageUrl: (imageId: number, url: string) => void;
  onSaved: (announcement: AdminAnnouncement) => void;
}) {
  const id = announcement.id;
  // A draft kept in this browser that says something the saved announcement does not is taken back up.
  const [restored] = useState(() => {
    const kept = readDraft(id);
    return kept && draftDiffers(kept, announcement) ? kept : undefined;
  });
  const [fields, setFields] = useState<Fields>(() =>
    restored
      ? { ...fieldsOf(announcement), title: restored.title, excerpt: restored.excerpt, videoUrl: restored.videoUrl }
      : fieldsOf(announcement),
  );
  const [content, setContent] = useState<BlockOut[]>(() => restored?.content ?? (announcement.content as BlockOut[]));
  const contentRef = useRef(content);
  contentRef.current = content;
  const [baseVersion, setBaseVersion] = useState(restored?.baseVersion ?? announcement.version);
  const [conflict, setConflict] = useState<number | undefined>(
    restored && restored.baseVersion !== announcement.version ? announcement.version : undefined,
  );
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const [preview, setPreview] = useState(false);
  const [upload, setUpload] = useState<{ name: string; fraction: number } | undefined>();
  const [uploadedImages, setUploadedImages] = useState(announcement.images.map((i) => i.id));
  const save = useSaveAnnouncement();

  // The editor is built once from these; it owns the content afterwards.
  const [initialBlocks] = useState(() => toEditor(content, (imageId) => imageUrls.get(imageId)));

  // Autosave: every change is kept in this browser until it is saved.
  const dirty = useRef(false);
  useEffect(() => {
    if (!dirty.current) return;
    writeDraft(id, {
      baseVersion,
      savedAt: new Date().toISOString(),
      title: fields.title,
      excerpt: fields.excerpt,
      videoUrl: fields.videoUrl,
      content,
    });
  }, [id, baseVersion, fields.title, fields.excerpt, fields.videoUrl, content]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    dirty.current = true;
    setSaved(undefined);
    setFields((current) => ({ ...current, [key]: value }));
  };

  const imageSource: ImageSource = (imageId) => {
    const url = imageUrls.get(imageId);
    return url ? { src: url } : undefined;
  };

  async function onUpload(file: File): Promise<UploadedImage> {
    setUpload({ name: file.name, fraction: 0 });
    setProblem(undefined);
    try {
      const image = await uploadAnnouncementImage(id, file, (fraction) => setUpload({ name: file.name, fraction }));
      const url = URL.createObjectURL(file);
      addImageUrl(image.imageId, url);
      setUploadedImages((current) => [...current, image.imageId]);
      return { imageId: image.imageId, url };
    } catch (error) {
      setProblem(error instanceof AppError ? error.message : 'The image could not be uploaded.');
      throw error;
    } finally {
      setUpload(undefined);
    }
  }

  async function submit(version = baseVersion) {
    setProblem(undefined);
    const publishedAt = fromLocalInput(fields.publishAt);
    try {
      const next = await save.mutateAsync({
        id,
        body: {
          expectedVersion: version,
          title: fields.title,
          excerpt: fields.excerpt,
          content,
          status: fields.status,
          ...(publishedAt ? { publishedAt } : {}),
          isPinned: fields.isPinned,
          isVisible: fields.isVisible,
          videoUrl: fields.videoUrl.trim() === '' ? null : fields.videoUrl.trim(),
          pictureImageId: fields.pictureImageId,
        },
      });
      clearDraft(id);
      dirty.current = false;
      setBaseVersion(next.version);
      setConflict(undefined);
      setSaved(
        next.status === 'scheduled'
          ? 'Saved: scheduled, it goes public at its publish time.'
          : next.status === 'draft'
            ? 'Saved as a draft.'
            : 'Saved and published.',
      );
      onSaved(next);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) {
        const current = (error.data as { details?: { currentVersion?: number } } | undefined)?.details?.currentVersion;
        setConflict(current ?? version + 1);
        return;
      }
      setProblem(error instanceof AppError ? describe(error) : 'The announcement could not be saved.');
    }
  }

  const status =
    fields.status === 'draft' ? 'draft' : new Date(fields.publishAt) > new Date() ? 'scheduled' : 'published';

  return (
    <form
      className="space-y-6"
      aria-label="Edit the announcement"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {restored && (
        <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Your unsaved changes from {new Date(restored.savedAt).toLocaleString()} were restored from this browser.
        </p>
      )}
      {conflict !== undefined && (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="version-conflict"
        >
          <p className="flex items-center gap-2 font-bold">
            <TriangleAlert className="size-4" aria-hidden="true" />
            Another admin saved this announcement since you opened it.
          </p>
          <p className="mt-1">
            Your text is kept here and in this browser. Save yours over theirs, or reload the page to see their version
            (your text stays in this browser until you save or discard it).
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonClass('primary', 'sm')} onClick={() => void submit(conflict)}>
              Save mine over theirs
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={() => {
                clearDraft(id);
                window.location.reload();
              }}
            >
              Discard mine and load theirs
            </button>
          </div>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <AnnouncementBadges status={status} isPinned={fields.isPinned} isVisible={fields.isVisible} />
        <span className="text-xs text-slate-600">Version {baseVersion}</span>
      </div>

      <InputField
        label="Title"
        name="title"
        required
        value={fields.title}
        onValueChange={(v) => set('title', v)}
        maxLength={200}
      />
      <div>
        <label htmlFor="announcement-excerpt" className="block text-sm font-semibold text-slate-800">
          Excerpt
        </label>
        <textarea
          id="announcement-excerpt"
          value={fields.excerpt}
          maxLength={500}
          rows={2}
          onChange={(e) => set('excerpt', e.target.value)}
          className={`${inputClass()} mt-1`}
        />
        <p className="mt-1 text-xs text-slate-600">One or two sentences for the cards on the home page.</p>
      </div>

      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-800" id="body-label">
            Body
          </h2>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            aria-pressed={preview}
            onClick={() => setPreview((p) => !p)}
          >
            {preview ? <Pencil className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            {preview ? 'Back to editing' : 'Preview'}
          </button>
        </div>
        {upload && (
          <div className="mt-2" role="status" aria-live="polite">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <ImageUp className="size-4" aria-hidden="true" />
              Uploading {upload.name}: {Math.round(upload.fraction * 100)}%
            </p>
            <progress
              className="mt-1 h-2 w-full accent-brand-700"
              max={1}
              value={upload.fraction}
              aria-label={`Upload of ${upload.name}`}
            />
          </div>
        )}
        <div className={preview ? 'hidden' : 'mt-2'}>
          <BlockEditor
            label="Body of the announcement"
            initialBlocks={initialBlocks}
            onUpload={onUpload}
            onChange={(blocks) => {
              // Editor.js also reports changes that change no block (a picture finishing loading): not an edit.
              if (JSON.stringify(blocks) === JSON.stringify(contentRef.current)) return;
              dirty.current = true;
              setSaved(undefined);
              setContent(blocks);
            }}
          />
        </div>
        {preview && (
          <article
            className="mt-2 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
            data-testid="announcement-preview"
          >
            <h2 className="text-2xl font-extrabold text-slate-900">{fields.title}</h2>
            {fields.excerpt && <p className="mt-3 text-lg text-slate-600">{fields.excerpt}</p>}
            <hr className="my-6 border-slate-200" />
            <ContentBlocks blocks={content} imageSource={imageSource} />
          </article>
        )}
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-800">Publication</legend>
        <div>
          <label htmlFor="announcement-status" className="block text-sm font-semibold text-slate-800">
            Status
          </label>
          <select
            id="announcement-status"
            className={`${inputClass()} mt-1`}
            value={fields.status}
            onChange={(e) => set('status', e.target.value as Fields['status'])}
          >
            <option value="draft">Draft (never public)</option>
            <option value="published">Published (at the publish time)</option>
          </select>
        </div>
        <InputField
          label="Publish at"
          name="publishAt"
          type="datetime-local"
          value={fields.publishAt}
          onValueChange={(v) => set('publishAt', v)}
          hint="A time ahead schedules it: it goes public by itself then."
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={fields.isPinned}
            onChange={(e) => set('isPinned', e.target.checked)}
          />
          Pinned (shown first)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={fields.isVisible}
            onChange={(e) => set('isVisible', e.target.checked)}
          />
          Visible on the public site
        </label>
        <div>
          <label htmlFor="announcement-picture" className="block text-sm font-semibold text-slate-800">
            Picture (cards and top of the page)
          </label>
          <select
            id="announcement-picture"
            className={`${inputClass()} mt-1`}
            value={fields.pictureImageId ?? ''}
            onChange={(e) => set('pictureImageId', e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">
              {announcement.hasPicture && announcement.pictureImageId === null
                ? 'Keep the current picture'
                : 'No picture'}
            </option>
            {uploadedImages.map((imageId, index) => (
              <option key={imageId} value={imageId}>
                Uploaded image {index + 1}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-600">Upload images through an image block first.</p>
        </div>
        <InputField
          label="Video link (Watch Video →)"
          name="videoUrl"
          type="url"
          value={fields.videoUrl}
          onValueChange={(v) => set('videoUrl', v)}
          placeholder="https://"
        />
      </fieldset>

      <FormAlert message={problem} />
      {saved && (
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
        >
          {saved}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending || upload !== undefined}>
          <Save className="size-4" aria-hidden="true" />
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** The server's message, with the field problems it names. */
function describe(error: AppError): string {
  const details = (error.data as { details?: unknown } | undefined)?.details;
  if (Array.isArray(details) && details.length > 0) {
    const first = details[0] as { field?: string; message?: string };
    if (first.field && first.message)
      return `${error.message} (${first.field.replace(/^body\./, '')}: ${first.message})`;
  }
  return error.message;
}
