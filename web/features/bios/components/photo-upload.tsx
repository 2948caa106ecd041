import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ImageFileField, UploadActions } from '../../../components/image-file-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatBytes, PHOTO_ACCEPT, PHOTO_HINT, photoProblem } from '../form.ts';
import { useCreateBio, useUploadBioPhoto } from '../mutations.ts';
import { bioQuery } from '../queries.ts';

export interface PhotoUploadProps {
  userId: number;
  isSelf: boolean;
  /** For the picture's alt text and the initials shown when there is no photo. */
  name: string;
  initials: string;
  onMessage: (message: string) => void;
}

/**
 * The profile photo: the current one (or initials), a file picker with a preview, checked in the
 * browser for type and size before upload (the server checks again). A bio is created first when
 * the account has none, since the photo belongs to the bio.
 */
export function PhotoUpload({ userId, isSelf, name, initials, onMessage }: PhotoUploadProps) {
  const bio = useQuery(bioQuery(userId));
  const create = useCreateBio();
  const upload = useUploadBioPhoto();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const pending = create.isPending || upload.isPending;

  // An object URL holds the file in memory until revoked: release each one when it is replaced or the page leaves.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (chosen: File | undefined) => {
    setProblem(undefined);
    if (!chosen) return;
    const issue = photoProblem(chosen);
    if (issue) {
      setProblem(issue);
      setFile(null);
      setPreview(null);
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const clearChoice = () => {
    setFile(null);
    setPreview(null);
    setProblem(undefined);
    if (inputRef.current) inputRef.current.value = '';
  };

  const send = async () => {
    if (!file || bio.data === undefined) return;
    setProblem(undefined);
    try {
      const target = bio.data ?? (await create.mutateAsync(isSelf ? {} : { userId }));
      await upload.mutateAsync({ id: target.id, file });
      clearChoice();
      onMessage(isSelf ? 'Your photo was updated.' : 'The photo was updated.');
    } catch (error) {
      // The choice stays, so the person can try again.
      setProblem(error instanceof Error ? error.message : 'The photo could not be uploaded.');
    }
  };

  const current = bio.data?.photoUrl ?? null;
  const showCurrent = current !== null && current !== brokenUrl;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <div className="relative size-24 shrink-0 overflow-hidden rounded-full bg-slate-200 ring-4 ring-white shadow">
          {preview ? (
            <img src={preview} alt="Preview of your choice, not yet uploaded" className="size-full object-cover" />
          ) : showCurrent ? (
            <img src={current} alt={name} className="size-full object-cover" onError={() => setBrokenUrl(current)} />
          ) : (
            <span aria-hidden="true" className="grid size-full place-items-center text-2xl font-bold text-slate-600">
              {initials}
            </span>
          )}
          {pending && (
            <span className="absolute inset-0 grid place-items-center bg-white/70">
              <Spinner label="Uploading the photo" />
            </span>
          )}
        </div>
        <div className="min-w-0 text-sm text-slate-600">
          {preview && file ? (
            <p>
              <span className="font-semibold text-slate-900">{file.name}</span> ({formatBytes(file.size)}), not uploaded
              yet.
            </p>
          ) : bio.isPending ? (
            <p>Loading…</p>
          ) : showCurrent ? (
            <p>This is the current photo.</p>
          ) : (
            <p>No photo yet.</p>
          )}
        </div>
      </div>

      <ImageFileField
        inputRef={inputRef}
        label={current ? 'Replace the photo' : 'Choose a photo'}
        accept={PHOTO_ACCEPT}
        hint={PHOTO_HINT}
        problem={problem}
        disabled={pending}
        onChoose={choose}
      />

      {file && (
        <UploadActions
          pending={pending}
          uploadDisabled={pending || bio.isPending}
          uploadLabel="Upload photo"
          onUpload={() => void send()}
          onCancel={clearChoice}
        />
      )}
    </div>
  );
}
