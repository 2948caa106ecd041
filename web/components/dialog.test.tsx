import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buttonClass } from './button.ts';
import { ConfirmDialog, Dialog } from './dialog.tsx';

const noop = () => {};

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    expect(
      renderToStaticMarkup(
        <Dialog open={false} onClose={noop} title="Edit">
          body
        </Dialog>,
      ),
    ).toBe('');
  });

  it('is named by its title and described by its description', () => {
    const html = renderToStaticMarkup(
      <Dialog open onClose={noop} title="Edit Calgary" description="Change the contact details.">
        <input name="x" />
      </Dialog>,
    );
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    const describedBy = /<dialog[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toContain('aria-label="Close"');
  });
});

describe('ConfirmDialog', () => {
  it('puts the focus on Cancel and shows the pending label while sending', () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog
        open
        title="Deactivate Alex?"
        confirmLabel="Deactivate"
        pendingLabel="Deactivating…"
        pending
        onConfirm={noop}
        onCancel={noop}
      >
        Alex will not be able to sign in.
      </ConfirmDialog>,
    );
    expect(html).toMatch(/data-autofocus="true"[^>]*>Cancel/);
    expect(html).toContain('Deactivating…');
    expect(html.match(/disabled=""/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failure inside the dialog', () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog open title="t" confirmLabel="Go" error="Not allowed" onConfirm={noop} onCancel={noop}>
        x
      </ConfirmDialog>,
    );
    expect(html).toMatch(/role="alert"[^>]*>Not allowed/);
  });

  it('has the button looks', () => {
    expect(buttonClass('danger')).toContain('bg-red-700');
    expect(buttonClass('primary', 'sm')).toContain('text-sm');
  });
});
