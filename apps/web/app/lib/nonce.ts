import { createContext, useContext } from "react";

/**
 * The nonce of the page being rendered on the server (entry.server.tsx), for inline scripts of our
 * own; in the browser there is none (browsers hide it from the DOM once the page has loaded).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
