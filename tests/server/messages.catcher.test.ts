import { afterEach, describe, expect, it } from 'vitest';
import { SandboxMailer, listOutbox, readMail, countOutbox } from '../../server/integrations/mail/index';
import { SandboxSms } from '../../server/integrations/sms/index';
import { freshDb } from './template';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the catcher (mail_outbox)', () => {
  it('keeps a mail as the customer gets it: HTML, text and the attached files', async () => {
    const { db, drop } = await freshDb();
    cleanups.push(drop);
    const companyId = (await db.one<{ id: number }>('select min(id) as id from companies'))!.id;
    const pdf = Buffer.from('%PDF-1.4 receipt');
    const sent = await new SandboxMailer(db, 'no-reply@example.com').send({
      companyId,
      to: 'ann@example.com',
      subject: 'Kvitto',
      text: 'Tack',
      html: '<p>Tack</p>',
      kind: 'receipt',
      attachments: [{ filename: 'kvitto.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const caught = await readMail(db, companyId, sent.id);
    expect(caught).toMatchObject({ to: 'ann@example.com', subject: 'Kvitto', html: '<p>Tack</p>', text: 'Tack', channel: 'email' });
    expect(Buffer.from(caught!.attachments[0]!.base64, 'base64').toString()).toBe('%PDF-1.4 receipt');
    expect(await readMail(db, companyId + 999, sent.id)).toBeNull();
  });

  it('lands a sandbox SMS next to the mails and refuses a number that is not one', async () => {
    const { db, drop } = await freshDb();
    cleanups.push(drop);
    const companyId = (await db.one<{ id: number }>('select min(id) as id from companies'))!.id;
    const sms = new SandboxSms(db);
    await sms.send({ companyId, to: '+46 70 123 45 67', text: 'Välkommen 10:00', kind: 'booking_confirmation' });
    await expect(sms.send({ companyId, to: 'not a phone', text: 'x' })).rejects.toThrow(/phone/);
    const [latest] = await listOutbox(db, companyId, { channel: 'sms' });
    expect(latest).toMatchObject({ channel: 'sms', to: '+46 70 123 45 67', text: 'Välkommen 10:00', subject: '' });
    expect(await countOutbox(db, companyId, { channel: 'sms' })).toBe(1);
  });
});
