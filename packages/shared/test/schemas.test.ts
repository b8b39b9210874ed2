import { describe, expect, it } from 'vitest';
import { companyCreateSchema, loginRequestSchema, userCreateSchema } from '../src';

describe('shared schemas', () => {
  it('login trims alias and password (SPEC §5)', () => {
    expect(loginRequestSchema.parse({ alias: '  ana ', password: ' secreto  ' })).toEqual({
      alias: 'ana',
      password: 'secreto',
    });
  });

  it('company CUIT accepts dashes, stores digits, and rejects a bad check digit in Spanish', () => {
    expect(companyCreateSchema.parse({ name: 'ACME', cuit: '30-50001091-2' }).cuit).toBe('30500010912');
    const bad = companyCreateSchema.safeParse({ name: 'ACME', cuit: '30-50001091-3' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('El CUIT no es válido.');
  });

  it('commission rate stays a decimal string', () => {
    expect(
      companyCreateSchema.parse({ name: 'A', cuit: '30500010912', commissionRate: '12,5' }).commissionRate,
    ).toBe('12.5');
    expect(
      companyCreateSchema.safeParse({ name: 'A', cuit: '30500010912', commissionRate: '101' }).success,
    ).toBe(false);
  });

  it('user password needs 8 characters, with a Spanish message', () => {
    const r = userCreateSchema.safeParse({ name: 'Ana', alias: 'ana', password: 'corta', userTypeId: 2 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('La contraseña debe tener al menos 8 caracteres.');
  });

  it('messages zod writes itself are Spanish', () => {
    const r = userCreateSchema.safeParse({
      name: 'Ana',
      alias: 'ana',
      password: '12345678',
      userTypeId: 2,
      active: 'x',
    });
    expect(r.error?.issues[0]?.message).toMatch(/Entrada inválida|esperado/i);
  });
});

describe('PATCH schemas write only what was sent', () => {
  it('a partial company update does not reset commission nor reactivate', async () => {
    const { companyUpdateSchema, taskUpdateSchema, userCreateSchema: create } = await import('../src');
    expect(companyUpdateSchema.parse({ name: 'Otro' })).toEqual({ name: 'Otro' });
    expect(taskUpdateSchema.parse({ title: 'Llamar' })).toEqual({ title: 'Llamar' });
    expect(
      create.safeParse({ name: 'Ana', alias: 'ana', password: '12345678' }).error?.issues[0]?.message,
    ).toBe('Este campo es obligatorio.');
  });
});
