import './zodConfig';
import { z } from 'zod';
import { USER_TYPES } from '../userTypes';

/** Login body: any strings; blank or wrong credentials are answered 401 Invalid credentials. */
export const loginRequestSchema = z.object({
  alias: z
    .string()
    .max(200)
    .transform((v) => v.trim()),
  password: z
    .string()
    .max(200)
    .transform((v) => v.trim()),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** DESIGN.md §5: the JWT payload, which the web stores as the user entry. */
export const tokenPayloadSchema = z.object({
  sub: z.number().int(),
  name: z.string(),
  alias: z.string(),
  type: z.enum(USER_TYPES),
  companyId: z.number().int().nullable(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
