import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages, pageMessagesPrefix } from "./i18n/page-messages";

/**
 * The page's messages come apart from its HTML (i18n/page-messages.ts; the head preloads them):
 * the page comes alive once they are here. Without them it stays as the server sent it, whose
 * links and forms work without JavaScript.
 */
const messages = document
  .querySelector(`link[rel="preload"][href^="${pageMessagesPrefix}"]`)
  ?.getAttribute("href");
(messages ? loadMessages(messages) : Promise.resolve()).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  // loadMessages has logged it.
  () => {},
);
