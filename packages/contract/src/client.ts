import { accountCalls } from "./client/account.ts";
import { addressCalls } from "./client/addresses.ts";
import { authCalls } from "./client/auth.ts";
import { catalogueCalls } from "./client/catalogue.ts";
import { checkoutCalls } from "./client/checkout.ts";
import { contentCalls } from "./client/content.ts";
import { doorCalls } from "./client/door.ts";
import { panelCalls } from "./client/panel.ts";
import { placeCalls } from "./client/places.ts";
import { type ApiClientOptions, createTransport } from "./client/transport.ts";

export { orderFileLink } from "./client/checkout.ts";
export {
  type ApiClientOptions,
  ApiError,
  type ApiFile,
  type Loose,
  retryableStatuses,
  shouldRetry,
} from "./client/transport.ts";

/**
 * The one HTTP client for the REST API, one group of calls per resource (`client/*.ts`); every
 * answer is checked against the contract. It offers no raw request: a call the API has is a
 * method here.
 */
export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  return {
    ...authCalls(transport),
    ...accountCalls(transport),
    ...addressCalls(transport),
    ...placeCalls(transport),
    ...contentCalls(transport),
    ...catalogueCalls(transport),
    checkout: checkoutCalls(transport),
    door: doorCalls(transport),
    panel: panelCalls(transport),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
