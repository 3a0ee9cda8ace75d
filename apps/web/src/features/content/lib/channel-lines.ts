/**
 * The channels desk writes each list as lines of fields separated by `|` ("Espelho 2 |
 * https://…"): quick to edit, and any line with the wrong number of fields is pointed out by its
 * number before anything is sent.
 */
export type ParsedLines = { rows: string[][]; badLine: number | null };

export function parseLines(text: string, fields: number): ParsedLines {
  const rows: string[][] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (!line) continue;
    const parts = line.split('|').map((part) => part.trim());
    if (parts.length !== fields || parts.some((part) => part === ''))
      return { rows, badLine: index + 1 };
    rows.push(parts);
  }
  return { rows, badLine: null };
}

export function formatLines(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.join(' | ')).join('\n');
}
