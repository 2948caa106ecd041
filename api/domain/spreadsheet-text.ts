/**
 * Text a person typed, made safe for a spreadsheet (docs/decisions/063-results-outputs-details.md): a
 * cell that starts with =, +, -, @, a tab or a carriage return would run as a formula when the file is
 * opened, so it gets a leading apostrophe. The one guard of every CSV the API and the portal write;
 * they apply it to text that comes from people, never to numbers or to values the code writes itself
 * (times, gaps, amounts, labels). Pure; shared with the browser.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text with a leading apostrophe when a spreadsheet would take it for a formula. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
