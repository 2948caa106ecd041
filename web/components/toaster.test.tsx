import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { clear, reportError } from '../lib/toasts.ts';
import { Toaster } from './toaster.tsx';

beforeEach(() => {
  clear();
});

describe('Toaster', () => {
  it('is an empty polite live region when there is nothing to say', () => {
    const html = renderToStaticMarkup(<Toaster />);
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain('<li');
  });

  it('shows the toast notices with a dismiss button, and not the page ones', () => {
    reportError(
      new AppError({ message: 'Unable to reach the server.', type: 'network', severity: 'warning' }),
      'toast',
    );
    reportError(new AppError({ message: 'Only for the page', type: 'not_found', severity: 'info' }), 'page');
    reportError(new AppError({ message: 'Server exploded', type: 'server', severity: 'critical' }), 'toast', {
      title: 'Authentication Error',
    });
    const html = renderToStaticMarkup(<Toaster />);
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).toContain('Unable to reach the server.');
    expect(html).toContain('Authentication Error');
    expect(html).toContain('Server exploded');
    expect(html).not.toContain('Only for the page');
    expect(html.match(/aria-label="Dismiss notification"/g)).toHaveLength(2);
    expect(html).toContain('data-severity="critical"');
  });
});
