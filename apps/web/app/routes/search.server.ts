import type { RouterContextProvider } from "react-router";
import { ApiError, apiFor } from "../api.server";

const resultLimit = 12;

/**
 * What the search page shows for a query: nothing asked yet, the grouped results, or the API's
 * message about the query (too long), which the page shows next to the field.
 */
export async function searchResults(context: Readonly<RouterContextProvider>, q: string) {
  if (!q) return { q, result: null, invalid: null };
  const api = await apiFor(context);
  try {
    const { data: result } = await api.search(q, resultLimit);
    return { q, result, invalid: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return { q, result: null, invalid: error.body?.error.fields?.q ?? error.message };
    throw error;
  }
}
