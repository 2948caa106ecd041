import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import { ImageFileField, UploadActions } from '../../../components/image-file-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatBytes } from '../../bios/form.ts';
import { PICTURE_ACCEPT, PICTURE_HINT, pictureProblem } from '../form.ts';
import { useUploadEventPicture } from '../mutations.ts';
import { eventPictureQuery } from '../queries.ts';

/** An object URL for a blob, released when the blob changes or the component leaves. */
function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  // An object URL holds the bytes in memory until revoked: a real resource, made and released here.
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * The event's picture: the current one (read with the admin's token, so a Draft's shows too), a file
 * picker with a preview, checked for type and size before upload (the server checks again).
 */
export function EventPicture({ event, onMessage }: { event: AdminEvent; onMessage: (message: string) => void }) {
  const upload = useUploadEventPicture();
  const picture = useQuery(eventPictureQuery(event.pictureUrl));
  const currentUrl = useObjectUrl(picture.data);
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const previewUrl = useObjectUrl(file);
  const [problem, setProblem] = useState<string>();
  const pending = upload.isPending;

  const choose = (chosen: File | undefined) => {
    setProblem(undefined);
    if (!chosen) return;
    const issue = pictureProblem(chosen);
    if (issue) {
      setProblem(issue);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const clearChoice = () => {
    setFile(null);
    setProblem(undefined);
    if (inputRef.current) inputRef.current.value = '';
  };

  const send = async () => {
    if (!file) return;
    setProblem(undefined);
    try {
      await upload.mutateAsync({ id: event.id, file });
      clearChoice();
      onMessage(event.pictureUrl ? 'The picture was replaced.' : 'The picture was uploaded.');
    } catch (error) {
      // The choice stays, so the person can try again.
      setProblem(error instanceof Error ? error.message : 'The picture could not be uploaded.');
    }
  };

  const shown = file ? previewUrl : currentUrl;
  let caption: string;
  if (file) caption = `Preview of ${file.name} (${formatBytes(file.size)}), not uploaded yet.`;
  else if (!event.pictureUrl) caption = 'No picture yet. The public site shows a plain card without one.';
  else if (picture.isPending) caption = 'Loading the current picture…';
  else if (picture.isError) caption = "The current picture couldn't be loaded.";
  else caption = 'The current picture.';

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <figure className="w-full max-w-md shrink-0">
        <div className="relative grid aspect-video w-full place-items-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
          {shown ? (
            <img
              src={shown}
              alt={file ? `Preview of the new picture for ${event.name}` : `Picture of ${event.name}`}
              className="size-full object-cover"
              data-testid={file ? 'picture-preview' : 'picture-current'}
            />
          ) : event.pictureUrl && picture.isPending ? (
            <Spinner label="Loading the picture" />
          ) : (
            <ImageOff aria-hidden="true" className="size-10 text-slate-400" />
          )}
          {pending && (
            <span className="absolute inset-0 grid place-items-center bg-white/70">
              <Spinner label="Uploading the picture" />
            </span>
          )}
        </div>
        <figcaption className="mt-2 text-sm text-slate-600">{caption}</figcaption>
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <ImageFileField
          inputRef={inputRef}
          label={event.pictureUrl ? 'Replace the picture' : 'Choose a picture'}
          accept={PICTURE_ACCEPT}
          hint={PICTURE_HINT}
          problem={problem}
          disabled={pending}
          onChoose={choose}
        />
        {file && (
          <UploadActions
            pending={pending}
            uploadDisabled={pending}
            uploadLabel="Upload picture"
            onUpload={() => void send()}
            onCancel={clearChoice}
          />
        )}
      </div>
    </div>
  );
}
