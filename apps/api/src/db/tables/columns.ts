import { customType, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

// Identity "by default" so the seed can insert the fixed ids (1–3) and the sequence continues after.
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Money: NUMERIC(15,2), read back as a decimal string by both drivers, so no float ever holds it. */
export const money = (name: string) => numeric(name, { precision: 15, scale: 2 });

/** An instant, in UTC on the wire (DESIGN.md §7). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Bytes kept in the database (a logo, an accepted offer's terms PDF), so a backup holds them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
