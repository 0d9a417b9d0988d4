import { expect } from 'vitest';
import type { Booking } from '../../../schema/bookings';
import type { TestServer } from '../harness';

export interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}
export interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
export const errorOf = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus;
export const fieldsOf = (res: { json(): unknown }) => errorOf(res).Errors.map((e) => e.FieldName);

/** Ids the demo company's seed gives: services by name, resources by name, a customer. */
export interface Seed {
  companyId: number;
  services: Map<string, number>;
  resources: Map<string, number>;
  types: Map<string, number>;
  customerId: number;
  otherCustomerId: number;
  otherResourceId: number;
}

export async function seedIds(server: TestServer): Promise<Seed> {
  const company = await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'");
  const other = await server.db.one<{ company_id: number }>("select company_id from users where email = 'other@example.com'");
  const companyId = company!.company_id;
  const services = new Map((await server.db.query<{ id: number; name: string }>('select id, name from services where company_id = $1', [companyId])).map((r) => [r.name, r.id]));
  const resources = new Map((await server.db.query<{ id: number; name: string }>('select id, name from resources where company_id = $1', [companyId])).map((r) => [r.name, r.id]));
  const types = new Map((await server.db.query<{ id: number; name: string }>('select id, name from resource_types where company_id = $1', [companyId])).map((r) => [r.name, r.id]));
  const customer = await server.db.one<{ id: number }>('select id from customers where company_id = $1 order by id limit 1', [companyId]);
  const otherCustomer = await server.db.one<{ id: number }>('select id from customers where company_id = $1 order by id limit 1', [other!.company_id]);
  let otherResource = await server.db.one<{ id: number }>('select id from resources where company_id = $1 order by id limit 1', [other!.company_id]);
  if (!otherResource) {
    otherResource = await server.db.one<{ id: number }>("insert into resources (company_id, name, color) values ($1, 'Theirs', '#000000') returning id", [other!.company_id]);
  }
  return { companyId, services, resources, types, customerId: customer!.id, otherCustomerId: otherCustomer!.id, otherResourceId: otherResource!.id };
}

export async function book(server: TestServer, payload: Record<string, unknown>, token?: string): Promise<Booking> {
  const res = await server.api({ method: 'POST', url: '/api/bookings', payload, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Booking;
}

export async function getBooking(server: TestServer, id: number): Promise<Booking> {
  const res = await server.api({ method: 'GET', url: `/api/bookings/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Booking;
}
