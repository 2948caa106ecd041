// @editorjs/embed ships types its package.json "exports" does not point at; the block editor
// (web/features/announcements-admin/components/block-editor.tsx) only needs it as a tool class.
declare module '@editorjs/embed' {
  const Embed: unknown;
  export default Embed;
}
