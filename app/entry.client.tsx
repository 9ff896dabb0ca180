import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { parseLocale } from "~/i18n/config";
import { loadMessages } from "~/i18n/load-messages.client";

// The page's language catalogue is loaded before hydration, so the first client render matches the server's.
loadMessages(parseLocale(document.documentElement.lang)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
