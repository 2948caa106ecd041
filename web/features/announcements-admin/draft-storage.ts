/**
 * Autosave of the editor (docs/decisions/036): what is typed is kept in localStorage per announcement id
 * until it is saved, so closing the tab loses nothing; reopening the editor offers it back.
 */
import type { BlockOut } from './editor-mapping.ts';

export interface EditorDraft {
  /** The version of the announcement the edits started from. */
  baseVersion: number;
  savedAt: string;
  title: string;
  excerpt: string;
  videoUrl: string;
  content: BlockOut[];
}

const KEY_PREFIX = 'announcement-draft:';
export const draftKey = (id: number) => `${KEY_PREFIX}${id}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The kept draft of an announcement, or undefined when there is none or it is unreadable. */
export function readDraft(id: number, store: Storage | undefined = storage()): EditorDraft | undefined {
  const raw = store?.getItem(draftKey(id));
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as Partial<EditorDraft>;
    if (
      typeof draft.baseVersion !== 'number' ||
      typeof draft.title !== 'string' ||
      typeof draft.excerpt !== 'string' ||
      typeof draft.videoUrl !== 'string' ||
      typeof draft.savedAt !== 'string' ||
      !Array.isArray(draft.content)
    ) {
      return undefined;
    }
    return draft as EditorDraft;
  } catch {
    return undefined;
  }
}

/** Keeps the draft; a full or refused storage is not an error worth stopping the editor for. */
export function writeDraft(id: number, draft: EditorDraft, store: Storage | undefined = storage()): boolean {
  try {
    store?.setItem(draftKey(id), JSON.stringify(draft));
    return store !== undefined;
  } catch {
    return false;
  }
}

export function clearDraft(id: number, store: Storage | undefined = storage()): void {
  try {
    store?.removeItem(draftKey(id));
  } catch {
    // Nothing to do: the draft stays and is offered once more.
  }
}

/** Whether a kept draft says something the saved announcement does not. */
export function draftDiffers(
  draft: EditorDraft,
  saved: { title: string; excerpt: string; videoUrl: string | null; content: readonly unknown[] },
): boolean {
  return (
    draft.title !== saved.title ||
    draft.excerpt !== saved.excerpt ||
    draft.videoUrl !== (saved.videoUrl ?? '') ||
    JSON.stringify(draft.content) !== JSON.stringify(saved.content)
  );
}
