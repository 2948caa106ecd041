import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormAlert, FormField, inputClass } from './form-field.tsx';

describe('FormField', () => {
  it('ties the label, the control and the hint together', () => {
    const html = renderToStaticMarkup(
      <FormField label="First name" name="firstName" hint="As on your licence" required>
        {(control) => <input {...control} />}
      </FormField>,
    );
    const id = /<label for="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`id="${id}"`);
    expect(html).toContain('name="firstName"');
    expect(html).toContain('aria-invalid="false"');
    expect(html).toContain('aria-required="true"');
    expect(html).toContain(`aria-describedby="${id}-hint"`);
    expect(html).toContain('As on your licence');
  });

  it('announces the error with the control, in place of the hint', () => {
    const html = renderToStaticMarkup(
      <FormField label="First name" name="firstName" hint="hint text" error="First name is required">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const id = /<label for="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${id}-error"`);
    expect(html).toContain(`id="${id}-error"`);
    expect(html).toContain('First name is required');
    expect(html).not.toContain('hint text');
  });

  it('marks invalid inputs red', () => {
    expect(inputClass(true)).toContain('border-brand-600');
    expect(inputClass(false)).not.toContain('border-brand-600');
  });

  it('shows a form-wide alert only when there is a message', () => {
    expect(renderToStaticMarkup(<FormAlert message={undefined} />)).toBe('');
    expect(renderToStaticMarkup(<FormAlert message="Server said no" />)).toMatch(/role="alert".*Server said no/);
  });
});
