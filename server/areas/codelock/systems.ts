/**
 * The ten lock systems a company can choose (spec areas.md, Door locks): each one's id, name, whether
 * a booking gets a PIN code or a phone key, and its own settings fields. Secret fields are sealed with
 * the company's key and never sent back; ApiUrl left empty means the embedded simulator
 * (server/sandboxes/locks/), which speaks the system's own wire shape.
 */

export const SYSTEM_KEYS = ['siedle', 'axema', 'vanderbilt', 'amido/dax', 'parakey', 'rco', 'rcoenabla', 'telkey', 'accessy', 'zesec'] as const;
export type SystemKey = (typeof SYSTEM_KEYS)[number];

export interface FieldDef {
  Name: string;
  /** Sealed at rest and never answered; an empty value on save keeps the stored one. */
  Secret: boolean;
  Required: boolean;
  Type: 'text' | 'url' | 'number';
}

export interface SystemDef {
  Id: number;
  Key: SystemKey;
  Name: string;
  /** 'pin': a code typed at the door; 'phone': a key in the lock system's phone app. */
  Credential: 'pin' | 'phone';
  Fields: FieldDef[];
}

const text = (Name: string, Required = true): FieldDef => ({ Name, Secret: false, Required, Type: 'text' });
const secret = (Name: string): FieldDef => ({ Name, Secret: true, Required: true, Type: 'text' });
const API_URL: FieldDef = { Name: 'ApiUrl', Secret: false, Required: false, Type: 'url' };
const PIN_LENGTH: FieldDef = { Name: 'PinLength', Secret: false, Required: false, Type: 'number' };

export const SYSTEMS: readonly SystemDef[] = [
  { Id: 1, Key: 'siedle', Name: 'Siedle Access', Credential: 'pin', Fields: [API_URL, text('Username'), secret('Password'), text('InstallationId'), PIN_LENGTH] },
  { Id: 2, Key: 'axema', Name: 'Axema VAKA', Credential: 'pin', Fields: [API_URL, text('Username'), secret('Password'), PIN_LENGTH] },
  { Id: 3, Key: 'vanderbilt', Name: 'Vanderbilt ACT365', Credential: 'pin', Fields: [API_URL, secret('ApiKey'), text('SiteId'), PIN_LENGTH] },
  { Id: 4, Key: 'amido/dax', Name: 'Amido DAX', Credential: 'pin', Fields: [API_URL, secret('SubscriptionKey'), text('SystemId'), PIN_LENGTH] },
  { Id: 5, Key: 'parakey', Name: 'Parakey', Credential: 'phone', Fields: [API_URL, secret('ApiKey'), text('DomainId')] },
  { Id: 6, Key: 'rco', Name: 'RCO R-CARD M5', Credential: 'pin', Fields: [API_URL, secret('ApiKey'), text('InstallationId'), PIN_LENGTH] },
  { Id: 7, Key: 'rcoenabla', Name: 'RCO Enabla', Credential: 'pin', Fields: [API_URL, text('ClientId'), secret('ClientSecret'), text('SiteId'), PIN_LENGTH] },
  { Id: 8, Key: 'telkey', Name: 'Telkey', Credential: 'phone', Fields: [API_URL, text('CustomerId'), secret('ApiKey')] },
  { Id: 9, Key: 'accessy', Name: 'Accessy', Credential: 'phone', Fields: [API_URL, text('ClientId'), secret('ClientSecret'), text('OrganizationId')] },
  { Id: 10, Key: 'zesec', Name: 'Zesec', Credential: 'phone', Fields: [API_URL, secret('ApiToken'), text('ZesecCompanyId')] },
];

export const systemByKey = (key: string): SystemDef | undefined => SYSTEMS.find((s) => s.Key === key);
export const systemById = (id: number | null | undefined): SystemDef | undefined => SYSTEMS.find((s) => s.Id === id);

/** The simulator's path of a system (amido/dax → /locks-sandbox/amido-dax). */
export const LOCKS_SANDBOX_PATH = '/locks-sandbox';
export const dialectOf = (key: SystemKey): string => key.replace('/', '-');

/** Default PIN length and the lengths allowed. */
export const PIN_LENGTHS = { min: 4, max: 8, default: 6 } as const;
