import type { UserTypeName } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, users, userTypes } from '../db/schema';

/** Who a token's user is now: what every request acts on, whatever the token says (issue 14 §2). */
export interface UserState {
  id: number;
  name: string;
  alias: string;
  active: boolean;
  role: UserTypeName;
  companyId: number | null;
  /** The company's own `active`; null for staff (no company). */
  companyActive: boolean | null;
}

/** May this user act at all? Inactive users, and CLIENTEs of an inactive company, may not. */
export const mayAct = (state: UserState | undefined): state is UserState =>
  state?.active === true && !(state.role === 'CLIENTE' && state.companyActive !== true);

/** The NOTIFY channel of migration 0006. */
export const AUTH_CHANNEL = 'cobranzas_auth';

/** The resources whose writes change a user's state: their commits empty the cache. */
export const USER_STATE_RESOURCES = ['users', 'companies', 'users-types'] as const;

/** How long a state is kept at most, should an invalidation ever be missed. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The current state of users, cached per process. The cache is emptied on every committed write to
 * users, companies or user types: by this process's own writes at once (crudModule's commit event),
 * and by other processes' through PostgreSQL's NOTIFY (migration 0006). While that channel is not
 * listening, nothing is cached and every request reads the database.
 */
export class UserStateCache {
  private readonly entries = new Map<number, { state: UserState | undefined; until: number }>();
  /** Bumped by every invalidation: a read that started before one must not store what it saw. */
  private generation = 0;
  private isListening = false;
  private statement: ReturnType<typeof prepare> | undefined;

  constructor(private readonly db: Db) {}

  /** Whether every write reaches this cache now, so it may keep states (set by the database's listener). */
  get listening() {
    return this.isListening;
  }

  setListening(listening: boolean) {
    this.isListening = listening;
    this.invalidate();
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
  }

  async get(id: number): Promise<UserState | undefined> {
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && hit.until > now) return hit.state;
    const generation = this.generation;
    this.statement ??= prepare(this.db);
    const [row] = await this.statement.execute({ id });
    if (this.isListening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(id, { state: row, until: now + MAX_AGE_MS });
    }
    return row;
  }
}

const prepare = (db: Db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      alias: users.alias,
      active: users.active,
      role: userTypes.role,
      companyId: users.companyId,
      companyActive: companies.active,
    })
    .from(users)
    .innerJoin(userTypes, eq(users.userTypeId, userTypes.id))
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_state');
