import { z } from "zod";

/** Wraps a payload in the `{ data: ... }` envelope every API answer uses. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Ids are PostgreSQL integers; a larger number can name no row. */
export const refIdSchema = z.number().int().positive().max(2_147_483_647);
/** An id from a query string or path. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idQuerySchema = z.object({ id: idSchema });
export const idParamSchema = z.object({ id: idSchema });

export const shortText = (max = 120) => z.string().trim().min(1).max(max);
export const phoneSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^\+?[0-9 ()/-]{4,}$/, { error: "invalid_phone" });

export const okSchema = dataOf(z.object({ success: z.literal(true) }));
export type Ok = z.infer<typeof okSchema>;
