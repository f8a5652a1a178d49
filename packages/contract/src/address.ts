import { z } from "zod";
import { idSchema, oneLine, personName, phoneSchema, refIdSchema } from "./common.ts";

const addressFields = z.object({
  title: oneLine(60),
  recipient: personName(120),
  line: oneLine(200),
  postal_code: oneLine(10, 3),
  country_id: refIdSchema,
  city_id: refIdSchema,
  district_id: refIdSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  is_default: z.boolean().optional(),
});
export const addressInputSchema = addressFields.meta({ id: "NewAddress" });
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressUpdateSchema = addressFields
  .extend({ id: idSchema })
  .meta({ id: "AddressUpdate" });
export type AddressUpdate = z.input<typeof addressUpdateSchema>;

/** A stored place (country, city, optional district) with its names in the request's language. */
export const namedPlaceShape = {
  country_id: z.number().int(),
  country_name: z.string(),
  city_id: z.number().int(),
  city_name: z.string(),
  district_id: z.number().int().nullable(),
  district_name: z.string().nullable(),
};

export const addressSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    recipient: z.string(),
    line: z.string(),
    postal_code: z.string(),
    ...namedPlaceShape,
    phone: z.string().nullable(),
    is_default: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof addressSchema>;
