import { describe, expect, it } from 'vitest';
import {
  categoriesFor,
  categoryOf,
  categoryProblem,
  defaultRunName,
  isCategoryOf,
  parseRunTypes,
  RUN_CATEGORIES,
  RUN_TYPES,
} from './categories.ts';

describe('run categories', () => {
  it('has the individual categories of docs/domain.md, age groups for men and women', () => {
    expect(categoriesFor('individual')).toEqual([
      'Open Men',
      'Open Women',
      'Over 40 Men',
      'Over 40 Women',
      'Over 45 Men',
      'Over 45 Women',
      'Over 50 Men',
      'Over 50 Women',
      'Over 55 Men',
      'Over 55 Women',
      'Over 60 Men',
      'Over 60 Women',
      'Chief',
      'Pre-Service',
    ]);
  });

  it('has the relay categories, and Men, Women and Mixed for tech2', () => {
    expect(categoriesFor('relay')).toEqual([
      'Men',
      'Women',
      'Mixed',
      'Over 40',
      'Over 50',
      'Industrial',
      'Fire School',
    ]);
    expect(categoriesFor('tech2')).toEqual(['Men', 'Women', 'Mixed']);
  });

  it('keeps categories apart by type: relay categories are not individual ones and back', () => {
    expect(isCategoryOf('individual', 'Open Men')).toBe(true);
    expect(isCategoryOf('relay', 'Open Men')).toBe(false);
    expect(isCategoryOf('individual', 'Mixed')).toBe(false);
    expect(isCategoryOf('tech2', 'Industrial')).toBe(false);
    expect(isCategoryOf('relay', 'Industrial')).toBe(true);
    // Exact names only.
    expect(isCategoryOf('individual', 'open men')).toBe(false);
    expect(isCategoryOf('individual', 'Over 40')).toBe(false);
  });

  it('describes who may enter: gender, minimum age, pre-service', () => {
    expect(categoryOf('individual', 'Over 55 Women')).toEqual({ name: 'Over 55 Women', gender: 'women', minAge: 55 });
    expect(categoryOf('relay', 'Mixed')).toEqual({ name: 'Mixed', gender: 'mixed' });
    expect(categoryOf('relay', 'Over 50')).toMatchObject({ gender: 'open', minAge: 50 });
    expect(categoryOf('individual', 'Pre-Service')).toMatchObject({ preServiceOnly: true });
    expect(categoryOf('tech2', 'Chief')).toBeUndefined();
  });

  it('has unique names within every type and an entry for every type', () => {
    expect(Object.keys(RUN_CATEGORIES).sort()).toEqual([...RUN_TYPES].sort());
    for (const type of RUN_TYPES) {
      const names = categoriesFor(type);
      expect(new Set(names).size, type).toBe(names.length);
    }
  });

  it('names the categories of the type when one does not fit', () => {
    expect(categoryProblem('individual', 'Open Men')).toBeUndefined();
    expect(categoryProblem('tech2', 'Over 40')).toBe(
      '"Over 40" is not a Tech2 Relay category; choose one of: Men, Women, Mixed.',
    );
  });

  it('makes a default run name from the type and category', () => {
    expect(defaultRunName('individual', 'Open Men')).toBe('Individual: Open Men');
    expect(defaultRunName('tech2', 'Mixed')).toBe('Tech2 Relay: Mixed');
  });

  it('parses a comma list of run types, naming each unknown one once', () => {
    expect(parseRunTypes('individual,relay')).toEqual({ valid: ['individual', 'relay'], invalid: [] });
    expect(parseRunTypes(' Relay , tech2,,relay ')).toEqual({ valid: ['relay', 'tech2'], invalid: [] });
    expect(parseRunTypes('individual,Sprint,sprint,INDIVIDUAL')).toEqual({
      valid: ['individual'],
      invalid: ['Sprint'],
    });
    expect(parseRunTypes('')).toEqual({ valid: [], invalid: [] });
  });
});
