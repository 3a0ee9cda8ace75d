import type { Operator, StaffRole } from '@banca/contracts';
import type { ComponentType, SVGProps } from 'react';
import type { AdminCatalogue } from '@/i18n/catalogue';

/** What every desk screen receives from the console frame. */
export type DeskProps = { operator: Operator };

/** A desk's title: its key under `admin.desks` in i18n/admin/{pt-BR,en}.ts. */
export type DeskTitleKey = keyof AdminCatalogue['admin']['desks'];

/**
 * A desk of the operator console (docs/admin-console.md "Adding a desk"): one screen, declared
 * by its feature in `features/<name>/admin-desks.ts` and found by the console itself.
 */
export type DeskDefinition = {
  /** The address segment: /admin/<id>. Lower-case letters, digits and dashes. */
  id: string;
  title: DeskTitleKey;
  /** The operator needs one of these; the server checks the same on every route. */
  roles: readonly StaffRole[];
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Place in the sidebar, lowest first. */
  order: number;
  /** The screen's code, loaded when the desk first opens. */
  load: () => Promise<{ default: ComponentType<DeskProps> }>;
};

export function defineDesk(desk: DeskDefinition): DeskDefinition {
  if (!/^[a-z0-9-]+$/.test(desk.id)) throw new Error(`desk id ${desk.id}: a-z, 0-9 and - only`);
  return desk;
}

/** The desks an operator may open, in sidebar order. */
export function desksFor(
  desks: readonly DeskDefinition[],
  roles: readonly string[],
): DeskDefinition[] {
  return desks
    .filter((desk) => desk.roles.some((role) => roles.includes(role)))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
