import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReasonDialog } from './reason-dialog.tsx';

const request = {
  title: 'Send back',
  description: 'The note shows at the timing table.',
  label: 'Note for the timing table',
  confirmLabel: 'Send back',
};

describe('ReasonDialog', () => {
  it('says under the field that Ctrl+Enter sends it, and ties the hint and the shortcut to the field', () => {
    const html = renderToStaticMarkup(<ReasonDialog request={request} onSubmit={async () => {}} onClose={() => {}} />);
    const textarea = /<textarea[^>]*>/.exec(html)?.[0] ?? '';
    expect(textarea).toContain('aria-keyshortcuts="Control+Enter Meta+Enter"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(textarea)?.[1];
    expect(html).toMatch(new RegExp(`<p id="${describedBy}"[^>]*>Ctrl\\+Enter to send</p>`));
  });
});
