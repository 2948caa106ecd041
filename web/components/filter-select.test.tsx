import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BooleanFilterSelect, ChoiceFilterSelect, IdFilterSelect } from './filter-select.tsx';

const noop = () => {};

describe('filter selects', () => {
  it('label the select box and announce the hint with it', () => {
    const html = renderToStaticMarkup(
      <IdFilterSelect
        label="Run"
        anyLabel="Any run"
        noun="Run"
        value={undefined}
        options={[]}
        optionLabel={() => ''}
        hint="Choose an event first."
        disabled
        onChange={noop}
      />,
    );
    const id = /<label for="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<select id="${id}"`);
    expect(html).toContain(`aria-describedby="${id}-hint"`);
    expect(html).toContain('disabled=""');
    expect(html).toContain('Choose an event first.');
  });

  it('keep a chosen id that is not among the options', () => {
    const html = renderToStaticMarkup(
      <IdFilterSelect
        label="Department"
        anyLabel="Any"
        noun="Department"
        value={7}
        options={[{ id: 1, name: 'North' }]}
        optionLabel={(d) => d.name}
        onChange={noop}
      />,
    );
    expect(html).toContain('<option value="7" selected="">Department #7</option>');
    expect(html).toContain('<option value="1">North</option>');
  });

  it('show the choices with their labels and the booleans as true/false', () => {
    const choice = renderToStaticMarkup(
      <ChoiceFilterSelect
        label="Role"
        anyLabel="Any role"
        value="admin"
        choices={['user', 'admin']}
        labelOf={(r) => r.toUpperCase()}
        onChange={noop}
      />,
    );
    expect(choice).toContain(
      '<option value="">Any role</option><option value="user">USER</option><option value="admin" selected="">ADMIN</option>',
    );
    const yesNo = renderToStaticMarkup(
      <BooleanFilterSelect
        label="Status"
        anyLabel="Any"
        trueLabel="Active"
        falseLabel="Inactive"
        value={false}
        onChange={noop}
      />,
    );
    expect(yesNo).toContain('<option value="false" selected="">Inactive</option>');
  });
});
