import PDFDocument from 'pdfkit';
import type { RebateCode, RebateCodeTransaction, RebateCodeTypeName } from '../../../schema/rebatecodes';
import { formatMoney, toMinor } from '../../../domain/pricing';
import type { Lang, Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

const LABELS = texts.reportLabels satisfies Record<string, Texts>;

const TYPE_NAMES: Record<RebateCodeTypeName, Texts> = texts.codeTypeNames;

/** What a code report says, in one language: heading, label/value rows and transaction rows. */
export interface RebateCodeReport {
  title: string;
  subject: string;
  rows: [string, string][];
  transactionsTitle: string;
  transactions: string[];
  empty: string;
}

/**
 * The content of a code's report (sign, type, value, validity, uses, what is left, transactions).
 * @example
 * const report = describeRebateCode(code, transactions, 'kr', 'sv');
 * report.rows[0] // ['Kod', 'SOMMAR20']
 */
export function describeRebateCode(code: RebateCode, transactions: readonly RebateCodeTransaction[], currencySign: string, lang: Lang): RebateCodeReport {
  const money = (major: number) => formatMoney(toMinor(major), currencySign, lang);
  const value =
    code.RebateCodeTypeId === 1
      ? `${code.RebateCodeValue} %`
      : code.RebateCodeTypeId === 3
        ? `${code.RebateCodeValue} ${LABELS.punches[lang]}`
        : money(code.RebateCodeValue);
  const day = (d: string | null) => (d ? d.slice(0, 10) : '');
  const validity = code.ValidFrom || code.ValidTo ? `${day(code.ValidFrom)} – ${day(code.ValidTo)}` : LABELS.always[lang];
  const rows: [string, string][] = [
    [LABELS.sign[lang], code.RebateCodeSign],
    [LABELS.name[lang], code.Name],
    [LABELS.type[lang], TYPE_NAMES[code.RebateCodeTypeName][lang]],
    [LABELS.value[lang], value],
    [LABELS.status[lang], LABELS[code.StatusName][lang]],
    [LABELS.validity[lang], validity],
  ];
  if (code.FromTime || code.ToTime) rows.push([LABELS.time[lang], `${(code.FromTime ?? '00:00').slice(0, 5)} – ${(code.ToTime ?? '24:00').slice(0, 5)}`]);
  rows.push([LABELS.uses[lang], `${code.NumberOfUsesUsed} / ${code.MaxNumberOfUses} ${LABELS.times[lang]}`]);
  if (code.RemainingAmount !== null) rows.push([LABELS.remaining[lang], money(code.RemainingAmount)]);
  if (code.RemainingUsage !== null) rows.push([LABELS.remaining[lang], `${code.RemainingUsage} ${LABELS.punches[lang]}`]);
  const lines = transactions.map((t) => {
    const what = code.RebateCodeTypeId === 3 ? `${t.Usage} ${LABELS.punches[lang]}` : money(t.Amount);
    const sign = t.ChangeType === 'Decrease' ? '-' : '+';
    const parts = [t.Created.replace('T', ' ').slice(0, 16), `${LABELS[t.ChangeType][lang]} ${sign}${what}`];
    if (t.CustomerName) parts.push(t.CustomerName);
    if (t.ServiceName) parts.push(t.ServiceName);
    if (t.BookingId) parts.push(`${LABELS.booking[lang]} ${t.BookingId}`);
    if (t.Comment) parts.push(t.Comment);
    return parts.join(' · ');
  });
  return {
    title: `${LABELS.title[lang]} ${code.RebateCodeSign}`,
    subject: `${LABELS.subject[lang]} ${code.RebateCodeSign}`,
    rows,
    transactionsTitle: LABELS.transactions[lang],
    transactions: lines,
    empty: LABELS.none[lang],
  };
}

/**
 * The report as plain text (the body of the e-mail that carries it).
 * @example
 * mailer.send({ companyId, to, subject: report.subject, text: reportText(report) });
 */
export function reportText(report: RebateCodeReport): string {
  const rows = report.rows.map(([label, value]) => `${label}: ${value}`);
  const transactions = report.transactions.length ? report.transactions.map((t) => `- ${t}`) : [report.empty];
  return [report.title, '', ...rows, '', `${report.transactionsTitle}:`, ...transactions, ''].join('\n');
}

/**
 * The report as a PDF document (pdfkit, A4).
 * @example
 * reply.type('application/pdf').send(await reportPdf(report));
 */
export function reportPdf(report: RebateCodeReport): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: report.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(report.title);
    doc.moveDown();
    for (const [label, value] of report.rows) {
      doc.font('Helvetica-Bold').fontSize(11).text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(value || '–');
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).text(report.transactionsTitle);
    doc.font('Helvetica').fontSize(10);
    if (!report.transactions.length) doc.text(report.empty);
    for (const line of report.transactions) doc.text(line);
    doc.end();
  });
}
