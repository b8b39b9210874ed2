import { MESSAGES } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { users, userTypes } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * A debt is worked by agency staff: its `assignedUserId`, when a create or update sets it, must be an
 * active ADMIN or GENERAL user (400 on assignedUserId otherwise). The user and its type stay locked
 * (FOR SHARE) until the write commits, so neither can make it inactive or CLIENTE in between. A PATCH that
 * resends the current assignee passes: a debt whose collector left can still be edited.
 *
 * `input` is the parsed body (only the fields sent, on an update); `current` the stored debt.
 */
export async function checkAssignee(
  db: Executor,
  input: { assignedUserId?: number | null },
  current?: { assignedUserId: number | null },
): Promise<void> {
  const id = input.assignedUserId;
  if (id === undefined || id === null || id === current?.assignedUserId) return;
  const [user] = await db
    .select({ active: users.active, role: userTypes.role })
    .from(users)
    .innerJoin(userTypes, eq(users.userTypeId, userTypes.id))
    .where(eq(users.id, id))
    // Both rows: the user's and its type's (a type turned CLIENTE at the same time must wait).
    .for('share');
  if (!user) throw badRequest('assignedUserId', MESSAGES.userNotFound);
  if (!user.active || user.role === 'CLIENTE') throw badRequest('assignedUserId', MESSAGES.assigneeNotStaff);
}
