/**
 * Reads the documents' CSV back (docs/decisions/040-print-documents.md) strictly by RFC 4180: a BOM first,
 * CRLF after every row, a quote only around a whole field. Anything else throws, so a test fails on a
 * file a spreadsheet could split differently. Cells come back as written (a defused formula keeps its
 * apostrophe; `defused` drops it).
 */
export function readCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('The CSV does not start with a byte-order mark');
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${i + 1}: ${JSON.stringify(body.slice(Math.max(0, i - 20), i + 20))}`);
  };
  while (i < body.length) {
    if (body[i] === '"' && cell === '' && !quoted) {
      // A quoted field: up to the quote not doubled, then a comma or the row's end.
      i += 1;
      for (;;) {
        if (i >= body.length) fail('An unterminated quoted field');
        if (body[i] === '"') {
          if (body[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        cell += body[i];
        i += 1;
      }
      if (i < body.length && body[i] !== ',' && body[i] !== '\r') fail('Text after a closing quote');
      quoted = true;
      continue;
    }
    const c = body[i] as string;
    if (c === ',') {
      row.push(cell);
      cell = '';
      quoted = false;
      i += 1;
    } else if (c === '\r') {
      if (body[i + 1] !== '\n') fail('A CR without its LF');
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      quoted = false;
      i += 2;
    } else if (c === '"' || c === '\n') {
      fail(c === '"' ? 'A quote inside an unquoted field' : 'A line break outside quotes');
    } else {
      cell += c;
      i += 1;
    }
  }
  if (cell !== '' || quoted || row.length > 0) fail('The last row does not end with CRLF');
  return rows;
}

/** A cell as a spreadsheet shows it once read as text: a defused formula's apostrophe dropped. */
export const defused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
