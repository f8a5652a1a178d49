import { z } from "zod";
import { idSchema } from "./common.ts";

export const countrySchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), phone_code: z.string() })
  .meta({ id: "Country" });
export const citySchema = z
  .object({
    id: z.number().int(),
    country_id: z.number().int(),
    name: z.string(),
    postal_code: z.string(),
  })
  .meta({ id: "City" });
export const districtSchema = z
  .object({ id: z.number().int(), city_id: z.number().int(), name: z.string() })
  .meta({ id: "District" });
export type Country = z.infer<typeof countrySchema>;
export type City = z.infer<typeof citySchema>;
export type District = z.infer<typeof districtSchema>;

export const cityQuerySchema = z.object({ country_id: idSchema });
export const districtQuerySchema = z.object({ city_id: idSchema });
