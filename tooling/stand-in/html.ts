const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const STYLE = `
  body { font: 17px/1.6 Georgia, 'Times New Roman', serif; color: #222; background: #fbfaf7; margin: 0; }
  main { max-width: 40rem; margin: 3rem auto; padding: 0 1.25rem; }
  h1 { font: 600 2rem/1.2 system-ui, sans-serif; margin-bottom: 0.25rem; }
  .byline { color: #777; font-family: system-ui, sans-serif; font-size: 0.9rem; margin-top: 0; }
  a { color: #1a5fb4; }
  code, .url { font-family: ui-monospace, monospace; font-size: 0.9em; background: #f0eee8; padding: 0.1em 0.3em; border-radius: 3px; word-break: break-all; }
`;

/** A whole HTML document; `bodyHtml` (and `headHtml`, more of the head) must already be escaped. */
export function htmlDocument(title: string, bodyHtml: string, headHtml = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${headHtml}</head>
<body>
${bodyHtml}
</body>
</html>
`;
}
