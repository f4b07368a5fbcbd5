import { staffMemberEventSchemas, STREAM_PREFIXES, type StaffMemberEvent, type StaffTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

const { StaffMemberCreated } = staffMemberEventSchemas;

/** Staff members as GET /api/admin/me (and, next, the administrators tab) shows them: never the password hash. */
export const staffProjection: ProjectionDefinition<StaffTables> = {
  name: 'staff',
  version: 1,
  tables: {
    staff_members: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        id text PRIMARY KEY,
        name text NOT NULL,
        login text NOT NULL,
        role text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
    ],
  },
  apply: applyFrom<StaffTables>(
    eventSource({
      // Login claims share the prefix (admin-login-…); only the members' own events are taken.
      streams: STREAM_PREFIXES.staffMember,
      events: { StaffMemberCreated },
      apply: async (trx, event: StaffMemberEvent) => {
        const { staffId, name, login, role, createdAt } = event.data;
        await trx
          .insertInto('staff_members')
          .values({ id: staffId, name, login, role, created_at: new Date(createdAt) })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      },
    }),
  ),
};
