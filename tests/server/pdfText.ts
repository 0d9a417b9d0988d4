import { inflateSync } from 'node:zlib';

/** WinAnsi's letters in 0x80–0x9F where they differ from latin1. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x99: '™' };
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

/**
 * The text a PDF drawn with pdfkit's standard fonts shows, in drawing order, one string per text
 * operation (TJ/Tj), after checking the %PDF header: streams inflated, hex and literal strings
 * decoded as WinAnsi.
 * @example
 * expect(pdfText(res.rawPayload)).toContain('Kvitto');
 */
export function pdfText(pdf: Buffer): string {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF: no %PDF header');
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/gs)) {
      const body = op[1] ?? op[2];
      const strings = body.match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      parts.push(
        strings
          .map((s) => (s.startsWith('<') ? winAnsi(Buffer.from(s.slice(1, -1), 'hex')) : s.slice(1, -1).replace(/\\([()\\])/g, '$1')))
          .join(''),
      );
    }
  }
  return parts.join(' ');
}
