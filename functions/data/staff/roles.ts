import type { Guard } from '../../../machines/domain/permissions.ts';
import type { StoredItem } from '../items.ts';

// Role: pk ROLE#id, sk ROLE. Its name is unique within its guard (guard item UNIQUE#role-name#<guard>/<name>).
export interface RoleRecord {
  id: string;
  name: string;
  guard: Guard;
  description: string;
  permissions: string[];
  field_permissions: string[];
  created_at: string;
  updated_at?: string;
}

export interface RoleItem extends StoredItem, RoleRecord {
  entity: 'role';
}
