import { describe, expect, it } from 'vitest';
import { neighbourYears, selectableYears, yearWindow } from './year-selector.ts';

describe('year selector', () => {
  it('offers the years with events plus the current year, ascending, without duplicates', () => {
    expect(selectableYears([2027, 2025, 2026], 2026)).toEqual([2025, 2026, 2027]);
    expect(selectableYears([2024, 2028], 2026)).toEqual([2024, 2026, 2028]);
    expect(selectableYears([], 2026)).toEqual([2026]);
  });

  it('shows five years centred on the selected one, kept full at the ends', () => {
    const years = [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028];
    expect(yearWindow(years, 2024)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(yearWindow(years, 2019)).toEqual([2019, 2020, 2021, 2022, 2023]);
    expect(yearWindow(years, 2020)).toEqual([2019, 2020, 2021, 2022, 2023]);
    expect(yearWindow(years, 2028)).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(yearWindow([2025, 2026, 2027], 2026)).toEqual([2025, 2026, 2027]);
  });

  it('knows the previous and next years, and none past the ends', () => {
    expect(neighbourYears([2025, 2026, 2027], 2026)).toEqual({ previous: 2025, next: 2027 });
    expect(neighbourYears([2025, 2026, 2027], 2025)).toEqual({ previous: undefined, next: 2026 });
    expect(neighbourYears([2025, 2026, 2027], 2027)).toEqual({ previous: 2026, next: undefined });
  });
});
