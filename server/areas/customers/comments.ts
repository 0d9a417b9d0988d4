import type { FastifyInstance } from 'fastify';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { createRecord, defineResource, RECORD_FIELDS, deleteRecord, findRecord, idParams, listRecords, pageSchema, updateRecord, type WriteContext } from '../../autoquery/index';
import type { CustomerComment, CustomerCommentInput, CustomerCommentQuery } from '../../../schema/customers';

/** Comments an administrator keeps about a customer (newest first). */
export const customerComments = defineResource<CustomerComment, CustomerCommentInput, CustomerCommentQuery>({
  entity: 'Comment',
  path: '/customers/:CustomerId/comments',
  table: 'customer_comments',
  fields: {
    ...RECORD_FIELDS,
    CustomerId: { column: 'customer_id', kind: 'int', readOnly: true },
    Heading: 'heading',
    Comment: 'comment',
    ImageUrl: 'image_url',
  },
  sort: ['Id', 'Heading', 'Created', 'Updated'],
  defaultSort: '-Created',
  filters: { Id: 'Id', CustomerId: 'CustomerId' },
  schemas: { query: 'CustomerCommentQuery', input: 'CustomerCommentInput', item: 'CustomerComment' },
  routes: { list: false, create: false, update: false, delete: false },
  hooks: {
    beforeWrite(input) {
      const heading = input.Heading.trim();
      const comment = input.Comment.trim();
      if (!heading) throw ApiError.field(400, 'Heading', 'NotEmpty');
      if (!comment) throw ApiError.field(400, 'Comment', 'NotEmpty');
      return { input: { ...input, Heading: heading, Comment: comment, ImageUrl: input.ImageUrl || null } };
    },
  },
});

/** 404 unless the customer is the caller's. */
async function assertCustomer(db: Db, ctx: CallerContext, customerId: number): Promise<void> {
  const row = await db.one('select 1 from customers where id = $1 and company_id = $2', [customerId, ctx.companyId]);
  if (!row) throw ApiError.notFound('Customer', customerId);
}

/** The comment, when it belongs to the caller's customer; 404 otherwise. */
async function commentOf(db: Db, ctx: CallerContext, customerId: number, commentId: number): Promise<CustomerComment> {
  const comment = await findRecord(db, ctx, customerComments, commentId);
  if (!comment || comment.CustomerId !== customerId) throw ApiError.notFound('Comment', commentId);
  return comment;
}

const commentParams = {
  type: 'object',
  properties: { Id: idParams.properties.Id, commentId: idParams.properties.Id },
  required: ['Id', 'commentId'],
} as const;

/**
 * GET, POST /customers/{Id}/comments; PUT /customers/{Id}/comments/{commentId} (or PUT
 * /customers/{Id}/comments with the comment's Id in the body, as the spec lists it);
 * DELETE /customers/{Id}/comments/{commentId}.
 */
export default async function customerCommentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const item = { 200: ref('CustomerComment') };

  app.get<{ Params: { Id: number }; Querystring: CustomerCommentQuery }>(
    '/customers/:Id/comments',
    { schema: { params: idParams, querystring: ref('CustomerCommentQuery'), response: { 200: pageSchema('CustomerComment') } } },
    async (request) => {
      await assertCustomer(db, request.ctx, request.params.Id);
      return listRecords(db, request.ctx, customerComments, { ...request.query, CustomerId: request.params.Id });
    },
  );

  app.post<{ Params: { Id: number }; Body: CustomerCommentInput }>(
    '/customers/:Id/comments',
    { schema: { params: idParams, body: ref('CustomerCommentInput'), response: item } },
    async (request) => {
      const customerId = request.params.Id;
      return db.tx(async (tx) => {
        await assertCustomer(tx, request.ctx, customerId);
        const withCustomer = {
          ...customerComments,
          hooks: {
            beforeWrite: async (input: CustomerCommentInput, w: WriteContext<CustomerComment>) => {
              const result = await customerComments.hooks!.beforeWrite!(input, w);
              return { ...(result ?? {}), columns: { customer_id: customerId } };
            },
          },
        };
        return createRecord(tx, request.ctx, withCustomer, request.body);
      });
    },
  );

  const update = async (ctx: CallerContext, customerId: number, commentId: number, body: CustomerCommentInput): Promise<CustomerComment> =>
    db.tx(async (tx) => {
      await commentOf(tx, ctx, customerId, commentId);
      return updateRecord(tx, ctx, customerComments, commentId, body);
    });

  app.put<{ Params: { Id: number }; Body: CustomerCommentInput }>(
    '/customers/:Id/comments',
    { schema: { params: idParams, body: ref('CustomerCommentInput'), response: item } },
    async (request) => {
      const commentId = request.body.Id;
      if (commentId === undefined) throw ApiError.field(400, 'Id', 'NotEmpty');
      if (commentId > idParams.properties.Id.maximum) throw ApiError.notFound('Comment', commentId);
      return update(request.ctx, request.params.Id, commentId, request.body);
    },
  );

  // A body Id other than the path's is refused before the schema (checkFieldsEarly), so it is named
  // beside the schema's fields; a path or body Id that is no number is the schema's to refuse.
  const sameIdAsPath = checkFieldsEarly((request, refuse) => {
    const bodyId = (request.body as { Id?: unknown } | null)?.Id;
    const pathId = (request.params as { commentId?: unknown }).commentId;
    if (typeof bodyId !== 'number' || typeof pathId !== 'string' || !/^[0-9]+$/.test(pathId)) return;
    if (bodyId !== Number(pathId)) refuse('Id', 'InvalidValue');
  });

  app.put<{ Params: { Id: number; commentId: number }; Body: CustomerCommentInput }>(
    '/customers/:Id/comments/:commentId',
    { preValidation: sameIdAsPath, schema: { params: commentParams, body: ref('CustomerCommentInput'), response: item } },
    async (request) => {
      const { Id, commentId } = request.params;
      return update(request.ctx, Id, commentId, request.body);
    },
  );

  app.delete<{ Params: { Id: number; commentId: number } }>(
    '/customers/:Id/comments/:commentId',
    { schema: { params: commentParams, response: item } },
    async (request) =>
      db.tx(async (tx) => {
        await commentOf(tx, request.ctx, request.params.Id, request.params.commentId);
        return deleteRecord(tx, request.ctx, customerComments, request.params.commentId);
      }),
  );
}
