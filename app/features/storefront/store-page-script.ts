// Decision 0128: the public store pages are sent as HTML without React (like the landing page,
// decision 0097). Everything on them is a link or a form; what script adds is done by this inline
// script, sent as its source text with the page's CSP nonce (so it needs no file):
// - a changed sort or "only discounted" applies at once (`form[data-autosubmit]`; without script
//   the form's <noscript> button applies it);
// - the report dialog, open in the HTML (non-modal, so it shows without script), becomes modal:
//   focus stays inside, and Escape follows its "Cancel" link;
// - "open now" by the visitor's clock (a cached page was rendered earlier the same day). The week's
//   opening hours are a <details>, which needs no script.

/** What the page does with script; every part is optional on the page. */
export function installStorePage(): void {
  document.addEventListener("change", (event) => {
    const form = (event.target as Element | null)?.closest?.(
      "form[data-autosubmit]",
    ) as HTMLFormElement | null;
    form?.requestSubmit();
  });
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-report]");
  if (dialog && typeof dialog.showModal === "function" && !dialog.matches(":modal")) {
    dialog.removeAttribute("open");
    dialog.showModal();
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      const close = dialog.querySelector<HTMLAnchorElement>("a[data-close]");
      if (close) window.location.assign(close.href);
    });
  }
  // Today's opening and closing as instants (hours.ts openingInstants): no time-zone data needed.
  const status = document.querySelector<HTMLElement>("[data-opening]");
  if (status) {
    const [opens = 0, closes = 0] = (status.dataset.opening ?? "").split("-").map(Number);
    const now = Date.now();
    const open = now >= opens && now < closes;
    const [text = "", className = ""] = (
      (open ? status.dataset.openText : status.dataset.closedText) ?? ""
    ).split("|");
    status.textContent = text;
    status.className = className;
  }
}

/** The inline script's text. */
export function storePageScript(): string {
  return `(${installStorePage.toString()})();`;
}
