/** Escapes a label for a double-quoted DOT string. Security: quotes, backslashes and newlines cannot break out. */
export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

/** Escapes a Mermaid label (quoted form). Security: `"`, `<`, `>` and backticks become entities. */
export function mermaidLabel(text: string): string {
  return `"${text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/`/g, '&#96;').replace(/\r?\n/g, ' ')}"`;
}

/** Escapes text for a Markdown table cell. */
export function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
