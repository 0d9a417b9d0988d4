/** The door-lock API's shapes as the admin reads them (server/areas/codelock/). */

export interface CodelockField {
  Name: string;
  Secret: boolean;
  Required: boolean;
  Type: 'text' | 'url' | 'number';
}

export interface CodelockSystemOption {
  Id: number;
  Key: string;
  Name: string;
  Credential: 'pin' | 'phone';
  Configured: boolean;
  Fields: CodelockField[];
}

export interface CodelockDoors {
  ResourceId: number;
  ResourceName?: string;
  DoorIds: string[];
}

export interface CodelockSettings {
  Active: boolean;
  CodeLockSystemsId: number | null;
  CodeLockSystemName: string | null;
  MarginBeforeMinutes: number;
  MarginAfterMinutes: number;
  Doors: CodelockDoors[];
  LastError: string | null;
  LastErrorAt: string | null;
  Created: string | null;
  Updated: string | null;
  CodeLockSystemOptions?: CodelockSystemOption[];
}

/** One system's own settings: its plain fields by name, `<Secret>Set` for each secret, Created and Updated. */
export type CodelockSystemSettings = Record<string, string | number | boolean | null> & { Created: string | null; Updated: string | null };

export interface DoorGrant {
  DoorId: string;
  State: 'pending' | 'active' | 'revoking' | 'revoked';
  ValidFrom: string;
  ValidTo: string;
  Answer: string | null;
}

export interface BookingDoor {
  HasDoor: boolean;
  DoorCode: string | null;
  Credential: 'pin' | 'phone' | null;
  CodeLockSystemName: string | null;
  Grants: DoorGrant[];
  LastError: string | null;
  LastErrorAt: string | null;
}

export interface ResyncAnswer {
  Ok: boolean;
  Message: string;
  DoorCode: string | null;
  Grants: DoorGrant[];
}

export const SETTINGS_KEY = ['codelock', 'settings'] as const;
