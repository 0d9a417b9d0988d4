import { describe, expect, it } from 'vitest';
import { apiPermission, can, raisesRole, roleIdsOf, ROLE_IDS, screenArea } from '../../schema/access/permissions';

const { Administrator, Staff, Accountant } = ROLE_IDS;

describe('the permission matrix', () => {
  it('lets the Administrator use every area, including one added later', () => {
    for (const area of ['administrators', 'company', 'settings', 'customers', 'a-new-area']) {
      expect(can([Administrator], area, 'write')).toBe(true);
    }
  });

  it('lets Staff work with bookings, the scheduler and customers and read services, resources and schedules', () => {
    for (const area of ['bookings', 'scheduler', 'customers']) expect(can([Staff], area, 'write')).toBe(true);
    for (const area of ['services', 'resources', 'schedules', 'customFields']) {
      expect(can([Staff], area, 'read')).toBe(true);
      expect(can([Staff], area, 'write')).toBe(false);
    }
    for (const area of ['administrators', 'company', 'billing', 'settings', 'promoCodes', 'a-new-area']) expect(can([Staff], area, 'read')).toBe(false);
  });

  it('lets the Accountant read bookings and reports and use billing, invoices and accounting', () => {
    for (const area of ['bookings', 'bookingReports', 'promoCodeReports']) {
      expect(can([Accountant], area, 'read')).toBe(true);
    }
    expect(can([Accountant], 'bookings', 'write')).toBe(false);
    for (const area of ['billing', 'invoices', 'accounting']) expect(can([Accountant], area, 'write')).toBe(true);
    expect(can([Accountant], 'customers', 'read')).toBe(false);
  });

  it('lets everyone signed in use their own account and what the shell needs, and nobody without a role anything else', () => {
    expect(can([], 'account', 'write')).toBe(true);
    expect(can([], 'shell', 'read')).toBe(true);
    expect(can([], 'customers', 'read')).toBe(false);
  });

  it('combines roles', () => {
    expect(can([Staff, Accountant], 'customers', 'write')).toBe(true);
    expect(can([Staff, Accountant], 'billing', 'write')).toBe(true);
  });
});

describe('apiPermission', () => {
  it('derives the area from the first path segment and the action from the method', () => {
    expect(apiPermission('GET', '/customers/:Id/comments')).toEqual({ area: 'customers', action: 'read' });
    expect(apiPermission('HEAD', '/customers')).toEqual({ area: 'customers', action: 'read' });
    expect(apiPermission('DELETE', '/customers/:Id')).toEqual({ area: 'customers', action: 'write' });
    expect(apiPermission('PUT', '/resourcetypes/:Id')).toEqual({ area: 'resources', action: 'write' });
    expect(apiPermission('POST', '/newsletters')).toEqual({ area: 'newsletters', action: 'write' });
  });

  it('takes the listed overrides', () => {
    expect(apiPermission('GET', '/companies')).toEqual({ area: 'shell', action: 'read' });
    expect(apiPermission('PUT', '/companies/:Id')).toEqual({ area: 'company', action: 'write' });
    expect(apiPermission('GET', '/rebatecodes/:Id/reports')).toEqual({ area: 'promoCodeReports', action: 'read' });
  });

  it('derives nothing (refused) for a path without a fixed first segment or an unknown method', () => {
    expect(apiPermission('GET', '/:anything')).toBeUndefined();
    expect(apiPermission('GET', '/')).toBeUndefined();
    expect(apiPermission('OPTIONS', '/customers')).toBeUndefined();
  });
});

describe('roles and screens', () => {
  it("reads role ids from a token's role names", () => {
    expect(roleIdsOf(['staff', 'offline_access', 'Accountant'])).toEqual([Staff, Accountant]);
  });

  it('never lets anyone but an Administrator raise their own role', () => {
    expect(raisesRole([Staff], [Staff, Administrator])).toBe(true);
    expect(raisesRole([Staff], [])).toBe(false);
    expect(raisesRole([Administrator], [Administrator, Staff])).toBe(false);
  });

  it('names the area of an admin screen from its path', () => {
    expect(screenArea('/administrators/new')).toBe('administrators');
    expect(screenArea('/customers/12')).toBe('customers');
    expect(screenArea('/promo-codes-usages')).toBe('promoCodeReports');
    expect(screenArea('/promo-code-transactions')).toBe('promoCodeReports');
    expect(screenArea('/recurringSchedules')).toBe('schedules');
    expect(screenArea('/booking-settings')).toBe('settings');
    expect(screenArea('/')).toBe('shell');
  });
});
