import { z } from "zod";
import { type AddressInput, type AddressUpdate, addressSchema } from "./address.ts";
import {
  type EmailChange,
  messageSchema,
  passwordResetCheckResponseSchema,
  type RegisterOrganiser,
  type RegisterVisitor,
  type TokenRequest,
  tokenResponseSchema,
} from "./auth.ts";
import {
  type EventsQuery,
  eventCategoryListSchema,
  eventCityListSchema,
  eventDetailResponseSchema,
  eventListSchema,
  searchResponseSchema,
} from "./catalogue.ts";
import {
  type CreateOrder,
  checkoutOrderResponseSchema,
  checkoutPaths,
  createdOrderSchema,
  orderTokenHeader,
  placedOrderSchema,
  testPaymentSchema,
  ticketKeysSchema,
  type UpdateOrder,
} from "./checkout.ts";
import { dataOf, okSchema } from "./common.ts";
import {
  type ContactMessageInput,
  companyCategorySchema,
  contactSettingSchema,
  currencySchema,
  languageSchema,
  menusSchema,
  pageSchema,
} from "./content.ts";
import { type ErrorBody, errorBodySchema } from "./errors.ts";
import { citySchema, countrySchema, districtSchema } from "./geo.ts";
import { defaultLocale, type Locale, localeHeader } from "./locale.ts";
import { apiPaths, fillPath } from "./paths.ts";
import { type TicketsQuery, ticketListSchema } from "./ticket.ts";
import { accountExportSchema, type ProfileUpdate, userActivitySchema, userSchema } from "./user.ts";

/** Statuses after which an idempotent GET is tried once more; writes are never retried. */
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return method.toUpperCase() === "GET" && attempt === 0 && retryableStatuses.has(status);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.error.message ?? `API request failed with status ${status}`);
    this.name = "ApiError";
  }
  get code() {
    return this.body?.error.code;
  }
}

export type ApiClientOptions = {
  baseUrl: string;
  token?: string | null;
  locale?: Locale;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The visitor's address chain (`X-Forwarded-For`) when a server calls on a visitor's behalf,
   * so that the API's per-IP limits count visitors, not the server.
   */
  forwardedFor?: string | null;
};

type RequestOptions<T extends z.ZodType> = {
  schema: T;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  headers?: Record<string, string>;
};

/** The one HTTP client for the REST API; every answer is checked against the contract. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function request<T extends z.ZodType>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    { schema, query, json, headers: extraHeaders }: RequestOptions<T>,
  ): Promise<z.infer<T>> {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      accept: "application/json",
      [localeHeader]: options.locale ?? defaultLocale,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    if (json !== undefined) headers["content-type"] = "application/json";
    Object.assign(headers, extraHeaders);

    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (shouldRetry(method, response.status, attempt)) continue;
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const parsed = errorBodySchema.safeParse(body);
        throw new ApiError(response.status, parsed.success ? parsed.data : null);
      }
      return schema.parse(body);
    }
  }

  const get = <T extends z.ZodType>(path: string, schema: T, query?: RequestOptions<T>["query"]) =>
    request("GET", path, { schema, query });

  return {
    request,
    token: (body: TokenRequest) =>
      request("POST", apiPaths.token, { schema: tokenResponseSchema, json: body }),
    logout: () => request("POST", apiPaths.logout, { schema: okSchema }),
    getUser: () => get(apiPaths.getUser, dataOf(userSchema)),
    updateUser: () => get(apiPaths.updateUser, dataOf(userActivitySchema)),
    updateProfile: (body: ProfileUpdate) =>
      request("PATCH", apiPaths.profile, { schema: dataOf(userSchema), json: body }),
    changePassword: (body: { current_password: string; new_password: string }) =>
      request("POST", apiPaths.password, { schema: messageSchema, json: body }),
    changeEmail: (body: EmailChange) =>
      request("POST", apiPaths.email, { schema: dataOf(userSchema), json: body }),
    tickets: (query: TicketsQuery = {}) => get(apiPaths.tickets, ticketListSchema, query),
    exportAccount: () => get(apiPaths.accountExport, dataOf(accountExportSchema)),
    deleteAccount: (password: string) =>
      request("DELETE", apiPaths.account, { schema: okSchema, json: { password } }),
    register: (body: RegisterVisitor) =>
      request("POST", apiPaths.register, { schema: tokenResponseSchema, json: body }),
    registerOrganiser: (body: RegisterOrganiser) =>
      request("POST", apiPaths.registerOrganiser, { schema: tokenResponseSchema, json: body }),
    forgotPassword: (email: string) =>
      request("POST", apiPaths.passwordForgot, { schema: messageSchema, json: { email } }),
    resetPassword: (token: string, password: string) =>
      request("POST", apiPaths.passwordReset, { schema: messageSchema, json: { token, password } }),
    /** Whether a reset token still works, without using it; an ApiError names why not. */
    checkResetToken: (token: string) =>
      request("POST", apiPaths.passwordResetCheck, {
        schema: passwordResetCheckResponseSchema,
        json: { token },
      }),
    addresses: {
      list: () => get(apiPaths.address, dataOf(z.array(addressSchema))),
      create: (body: AddressInput) =>
        request("POST", apiPaths.address, { schema: dataOf(addressSchema), json: body }),
      update: (body: AddressUpdate) =>
        request("PUT", apiPaths.address, { schema: dataOf(addressSchema), json: body }),
      remove: (id: number) =>
        request("DELETE", apiPaths.address, { schema: okSchema, query: { id } }),
    },
    countries: () => get(apiPaths.countries, dataOf(z.array(countrySchema))),
    cities: (countryId: number) =>
      get(apiPaths.cities, dataOf(z.array(citySchema)), { country_id: countryId }),
    districts: (cityId: number) =>
      get(apiPaths.districts, dataOf(z.array(districtSchema)), { city_id: cityId }),
    country: (id: number) => get(apiPaths.countrySingle, dataOf(countrySchema), { id }),
    city: (id: number) => get(apiPaths.citySingle, dataOf(citySchema), { id }),
    district: (id: number) => get(apiPaths.districtSingle, dataOf(districtSchema), { id }),
    langs: () => get(apiPaths.langs, dataOf(z.array(languageSchema))),
    menus: () => get(apiPaths.pages, dataOf(menusSchema)),
    page: (id: number) => get(fillPath(apiPaths.page, { id }), dataOf(pageSchema)),
    companyCategories: () =>
      get(apiPaths.companyCategories, dataOf(z.array(companyCategorySchema))),
    currency: () => get(apiPaths.currency, z.object({ currency: currencySchema })),
    contactSetting: () => get(apiPaths.contactSetting, dataOf(contactSettingSchema)),
    events: (query: Partial<Record<keyof EventsQuery, string | number>> = {}) =>
      get(apiPaths.events, eventListSchema, query),
    event: (id: number) => get(fillPath(apiPaths.event, { id }), eventDetailResponseSchema),
    eventCategories: () => get(apiPaths.eventCategories, eventCategoryListSchema),
    eventCities: () => get(apiPaths.eventCities, eventCityListSchema),
    search: (q: string, limit?: number) =>
      get(apiPaths.search, searchResponseSchema, limit ? { q, limit } : { q }),
    sendContact: (body: ContactMessageInput) =>
      request("POST", apiPaths.contact, { schema: messageSchema, json: body }),
    checkout: checkoutMethods(request),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Checkout: a guest passes the order's token (answered on create), a signed-in buyer their
 * client token; `idempotencyKey` makes a retried create answer the same order.
 */
function checkoutMethods(
  request: <T extends z.ZodType>(
    method: "GET" | "POST" | "PATCH",
    path: string,
    options: RequestOptions<T>,
  ) => Promise<z.infer<T>>,
) {
  const orderPath = (path: string, id: number) => fillPath(path, { id });
  const withToken = (token?: string) => (token ? { [orderTokenHeader]: token } : undefined);
  return {
    createOrder: (body: CreateOrder, idempotencyKey?: string) =>
      request("POST", checkoutPaths.orders, {
        schema: createdOrderSchema,
        json: body,
        headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined,
      }),
    order: (id: number, token?: string) =>
      request("GET", orderPath(checkoutPaths.order, id), {
        schema: checkoutOrderResponseSchema,
        headers: withToken(token),
      }),
    updateOrder: (id: number, body: UpdateOrder, token?: string) =>
      request("PATCH", orderPath(checkoutPaths.order, id), {
        schema: checkoutOrderResponseSchema,
        json: body,
        headers: withToken(token),
      }),
    placeOrder: (id: number, token?: string) =>
      request("POST", orderPath(checkoutPaths.placeOrder, id), {
        schema: placedOrderSchema,
        json: { accept_terms: true },
        headers: withToken(token),
      }),
    cancelOrder: (id: number, token?: string) =>
      request("POST", orderPath(checkoutPaths.cancelOrder, id), {
        schema: checkoutOrderResponseSchema,
        headers: withToken(token),
      }),
    ticketKeys: () => request("GET", checkoutPaths.ticketKeys, { schema: ticketKeysSchema }),
    testPayment: (id: string) =>
      request("GET", fillPath(checkoutPaths.testPayment, { id }), {
        schema: dataOf(testPaymentSchema),
      }),
    actOnTestPayment: (id: string, action: "success" | "failure" | "cancel" | "pending") =>
      request("POST", fillPath(checkoutPaths.testPayment, { id }), {
        schema: dataOf(testPaymentSchema),
        json: { action },
      }),
  };
}
