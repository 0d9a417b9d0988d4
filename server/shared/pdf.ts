import PDFDocument from 'pdfkit';
import { sanitizeRichText } from './html';

/** A pdfkit document being drawn. */
export type PdfDoc = InstanceType<typeof PDFDocument>;

/**
 * Draws a PDF (A4, pdfkit) and answers its bytes.
 * @example
 * const pdf = await pdfBuffer('Kvitto 12', (doc) => doc.text('Tack!'));
 * reply.type('application/pdf').send(pdf);
 */
export function pdfBuffer(title: string, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  link?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? all;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
  });

const font = (run: { bold: boolean; italic: boolean }) =>
  run.bold && run.italic ? 'Helvetica-BoldOblique' : run.bold ? 'Helvetica-Bold' : run.italic ? 'Helvetica-Oblique' : 'Helvetica';

const BLOCK_SIZES: Record<string, number> = { h1: 18, h2: 14 };
const IMAGE_DATA = /^data:image\/(png|jpe?g);base64,(.+)$/i;

/**
 * Draws rich text (the stored HTML, sanitised again by the spec's rules) into a PDF: headers 1
 * and 2, paragraphs, bold and italic, lists, links (their text, underlined, clickable), rules,
 * table rows as lines and inline PNG or JPEG images; anything else as its text.
 * @example
 * await pdfBuffer('Printout', (doc) => drawRichText(doc, '<h1>Välkommen</h1><p>Tid: <strong>10:00</strong></p>'));
 */
export function drawRichText(doc: PdfDoc, html: string): void {
  let runs: Run[] = [];
  let block = 'p';
  let bold = 0;
  let italic = 0;
  let link: string | undefined;
  const listCounters: number[] = [];
  let bullet = '';

  const flush = () => {
    const text = runs.map((r) => r.text).join('');
    if (text.trim()) {
      const size = BLOCK_SIZES[block] ?? 11;
      const heading = block in BLOCK_SIZES;
      doc.fontSize(size).fillColor('black');
      const lastIndex = runs.length - 1;
      runs.forEach((run, i) => {
        doc.font(font({ bold: heading || run.bold, italic: run.italic }));
        const text = i === 0 ? bullet + run.text.replace(/^\s+/, '') : run.text;
        doc.text(text, { continued: i < lastIndex, underline: Boolean(run.link), link: run.link ?? null, indent: 0 });
      });
      doc.moveDown(heading ? 0.4 : 0.5);
    }
    runs = [];
    bullet = '';
  };

  const tokens = sanitizeRichText(html).match(/<\/?[a-z0-9]+[^>]*>|[^<]+/gi) ?? [];
  for (const token of tokens) {
    const tag = /^<(\/?)([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!tag) {
      const text = decode(token).replace(/\s+/g, ' ');
      if (text) runs.push({ text, bold: bold > 0, italic: italic > 0, link });
      continue;
    }
    const [, closing, rawName, attrs] = tag;
    const name = rawName.toLowerCase();
    const open = !closing;
    switch (name) {
      case 'h1':
      case 'h2':
      case 'p':
      case 'blockquote':
      case 'pre':
      case 'tr':
        flush();
        block = open ? name : 'p';
        break;
      case 'ul':
      case 'ol':
        flush();
        if (open) listCounters.push(name === 'ol' ? 1 : 0);
        else listCounters.pop();
        break;
      case 'li':
        flush();
        if (open) {
          const depth = listCounters.length;
          const n = listCounters[depth - 1] ?? 0;
          bullet = `${'   '.repeat(Math.max(0, depth - 1))}${n ? `${n}.` : '•'} `;
          if (n) listCounters[depth - 1] = n + 1;
        }
        break;
      case 'td':
      case 'th':
        if (!open) runs.push({ text: '   ', bold: false, italic: false });
        else if (name === 'th') bold += 1;
        if (!open && name === 'th') bold = Math.max(0, bold - 1);
        break;
      case 'strong':
      case 'b':
        bold = Math.max(0, bold + (open ? 1 : -1));
        break;
      case 'em':
      case 'i':
        italic = Math.max(0, italic + (open ? 1 : -1));
        break;
      case 'a':
        link = open ? /href="([^"]*)"/.exec(attrs)?.[1] : undefined;
        break;
      case 'br':
        runs.push({ text: '\n', bold: false, italic: false });
        break;
      case 'hr': {
        flush();
        const y = doc.y;
        doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).strokeColor('#999999').stroke();
        doc.moveDown(0.5);
        break;
      }
      case 'img': {
        const data = IMAGE_DATA.exec(/src="([^"]*)"/.exec(attrs)?.[1] ?? '');
        if (data) {
          flush();
          try {
            doc.image(Buffer.from(data[2], 'base64'), { fit: [doc.page.width - 100, 200] });
            doc.moveDown(0.5);
          } catch {
            // An image pdfkit cannot read is left out.
          }
        }
        break;
      }
      default:
        break;
    }
  }
  flush();
}
