/** The kinds of block an announcement's body is made of: shared by the database types, the API contracts and the browser. */
export const BLOCK_TYPES = ['paragraph', 'heading', 'image', 'video', 'quote', 'list', 'divider'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** One block of an announcement's body, as stored. */
export interface ContentBlock {
  type: BlockType;
  data: Record<string, unknown>;
}
