import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Outbox } from '../shared/outbox/outbox';
import { JobQueue } from './jobs';
import { countOutbox, createMailer, installSender, listOutbox, readMail } from './mail/index';
import { withCompanySender, withCompanySmsSender } from './companySender';
import { deliverQueuedMail } from './mail/queue';
import { createSmsSender } from './sms/index';

/**
 * The side effects after commit: decorates `jobs` (pg-boss), `outbox`, `mailer` (SMTP when
 * SMTP_URL is set, else the sandbox) and `sms` (the sandbox), delivers the outbox's mail, and runs the queue's workers
 * from ready to close. Areas add their own outbox handlers with `app.outbox.handle` when they register.
 */
async function integrations(app: FastifyInstance): Promise<void> {
  const { db } = app;
  // A company's system settings name its mails' sender and reply-to and its SMS sender.
  const mailer = withCompanySender(createMailer(db), db, installSender());
  const sms = withCompanySmsSender(createSmsSender(db), db);
  const jobs = new JobQueue(db, {
    pollSeconds: app.config.jobPollSeconds,
    onError: (err, job) => app.log.warn({ err, job }, 'job failed; it is retried until its attempts are spent'),
  });
  const outbox = new Outbox(db, jobs);
  deliverQueuedMail(outbox, mailer);
  app.decorate('mailer', mailer);
  app.decorate('sms', sms);
  app.decorate('catcher', { list: listOutbox, count: countOutbox, read: readMail });
  app.decorate('jobs', jobs);
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => {
    await jobs.start();
    await outbox.requeueOrphans();
  });
  app.addHook('onClose', async () => jobs.stop());
}

export default fp(integrations, { name: 'integrations' });
