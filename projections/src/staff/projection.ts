import { staffMemberEventSchemas, STREAM_PREFIXES, type StaffMemberEvent, type StaffTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

const { StaffMemberCreated, StaffMemberRenamed, StaffMemberLoginChanged, StaffMemberRoleChanged, StaffMemberDeleted } = staffMemberEventSchemas;

/** What the read model shows changes with every event but a new password, which it never holds. */
type ShownEvent = Exclude<StaffMemberEvent, { type: 'StaffMemberPasswordChanged' }>;

/**
 * Staff members as GET /api/admin/me and the administrators tab show them: never the password hash.
 * A deleted member keeps its row, marked, so the bookings' history still names who did what.
 */
export const staffProjection: ProjectionDefinition<StaffTables> = {
  name: 'staff',
  version: 2,
  tables: {
    staff_members: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        id text PRIMARY KEY,
        name text NOT NULL,
        login text NOT NULL,
        role text NOT NULL,
        created_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`,
    ],
  },
  apply: applyFrom<StaffTables>(
    eventSource({
      // Login claims share the prefix (admin-login-…); only the members' own events are taken.
      streams: STREAM_PREFIXES.staffMember,
      events: { StaffMemberCreated, StaffMemberRenamed, StaffMemberLoginChanged, StaffMemberRoleChanged, StaffMemberDeleted },
      apply: async (trx, event: ShownEvent) => {
        const member = (values: Partial<StaffTables['staff_members']>) => trx.updateTable('staff_members').set(values).where('id', '=', event.data.staffId).execute();
        switch (event.type) {
          case 'StaffMemberCreated': {
            const { staffId, name, login, role, createdAt } = event.data;
            await trx
              .insertInto('staff_members')
              .values({ id: staffId, name, login, role, created_at: new Date(createdAt), deleted_at: null })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
            return;
          }
          case 'StaffMemberRenamed':
            return void (await member({ name: event.data.name }));
          case 'StaffMemberLoginChanged':
            return void (await member({ login: event.data.login }));
          case 'StaffMemberRoleChanged':
            return void (await member({ role: event.data.role }));
          case 'StaffMemberDeleted':
            return void (await member({ deleted_at: new Date(event.data.deletedAt) }));
        }
      },
    }),
  ),
};
