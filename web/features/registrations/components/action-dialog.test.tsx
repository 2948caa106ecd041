import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ActionDialog } from './action-dialog.tsx';

const noop = () => {};

describe('ActionDialog', () => {
  it('says under the reason that Ctrl+Enter confirms', () => {
    const html = renderToStaticMarkup(
      <ActionDialog
        title="Cancel the registration?"
        confirmLabel="Cancel registration"
        pendingLabel="Cancelling…"
        pending={false}
        error={undefined}
        reason=""
        onReasonChange={noop}
        onConfirm={noop}
        onDismiss={noop}
      >
        Its place goes to the waitlist.
      </ActionDialog>,
    );
    expect(/<textarea[^>]*>/.exec(html)?.[0]).toContain('aria-keyshortcuts="Control+Enter Meta+Enter"');
    expect(html).toContain('Ctrl+Enter to confirm');
  });
});
