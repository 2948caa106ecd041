import { describe, expect, it } from 'vitest';
import { clearDraft, draftDiffers, draftKey, type EditorDraft, readDraft, writeDraft } from './draft-storage.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const draft: EditorDraft = {
  baseVersion: 3,
  savedAt: '2026-11-25T18:00:00.000Z',
  title: 'Calendar',
  excerpt: '',
  videoUrl: '',
  content: [{ type: 'paragraph', data: { text: 'Hello' } }],
};

describe('the editor autosave', () => {
  it('keeps a draft per announcement, reads it back and clears it', () => {
    const store = memoryStorage();
    expect(writeDraft(7, draft, store)).toBe(true);
    expect(readDraft(7, store)).toEqual(draft);
    expect(readDraft(8, store)).toBeUndefined();
    clearDraft(7, store);
    expect(readDraft(7, store)).toBeUndefined();
  });

  it('ignores unreadable drafts and survives a full storage', () => {
    const store = memoryStorage();
    store.setItem(draftKey(1), '{not json');
    expect(readDraft(1, store)).toBeUndefined();
    store.setItem(draftKey(2), JSON.stringify({ ...draft, content: 'x' }));
    expect(readDraft(2, store)).toBeUndefined();
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(writeDraft(3, draft, full)).toBe(false);
  });

  it('tells whether a draft says something the saved announcement does not', () => {
    const saved = { title: 'Calendar', excerpt: '', videoUrl: null, content: draft.content };
    expect(draftDiffers(draft, saved)).toBe(false);
    expect(draftDiffers({ ...draft, title: 'Calendar!' }, saved)).toBe(true);
    expect(draftDiffers({ ...draft, content: [] }, saved)).toBe(true);
  });
});
