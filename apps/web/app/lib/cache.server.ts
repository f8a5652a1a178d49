import { publicCacheControl } from "@eventwerk/contract/constants";
import { data, type RouterContextProvider } from "react-router";
import { requestState } from "../context";
import { privatePageCache } from "./page-cache";

/** Cache-Control of a catalogue page for this request: public for guests, private otherwise. */
export function pageCacheHeaders(context: Readonly<RouterContextProvider>): HeadersInit {
  const { user } = context.get(requestState);
  return {
    "Cache-Control": user ? privatePageCache : publicCacheControl,
    // The same URL answers a guest and a logged-in visitor differently.
    Vary: "Cookie",
  };
}

/** Loader data with the page's cache headers. */
export const withPageCache = <T>(context: Readonly<RouterContextProvider>, value: T) =>
  data(value, { headers: pageCacheHeaders(context) });
