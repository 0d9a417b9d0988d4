/**
 * Support (issue 36): a company's support cases with their comments and attachments, the option
 * lists, and the manuals. The support desk (support_desk_agents) answers every company's cases and
 * sees nothing else; each of its reads is logged in support_reads.
 */
import type { FastifyInstance } from 'fastify';
import { area } from '../../shared/area';
import attachments from './attachments';
import cases from './cases';
import comments from './comments';
import manuals from './manuals';
import { catalogue } from './messages';

async function supportArea(app: FastifyInstance): Promise<void> {
  catalogue.register();
  await cases(app);
  await comments(app);
  await attachments(app);
  await manuals(app);
}

export default area('support', supportArea, []);
