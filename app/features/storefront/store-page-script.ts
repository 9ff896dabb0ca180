// Decision 0128: the public store pages are sent as HTML without React (like the landing page,
// decision 0097). Everything on them is a link or a form; what script adds is done by this inline
// script, sent as its source text with the page's CSP nonce (so it needs no file):
// - a changed sort or "only discounted" applies at once (`form[data-autosubmit]`; without script
//   the form's <noscript> button applies it);
// - the report dialog, open in the HTML (non-modal, so it shows without script), becomes modal:
//   focus stays inside, and Escape follows its "Cancel" link;
// - the week's opening hours behind a button, and "open now" by the visitor's clock (a cached page
//   was rendered earlier the same day).

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
  const toggle = document.querySelector<HTMLButtonElement>("button[data-hours-toggle]");
  const today = document.querySelector<HTMLElement>('dl[data-hours="today"]');
  const week = document.querySelector<HTMLElement>('dl[data-hours="week"]');
  if (toggle && today && week) {
    const labels = [toggle.textContent ?? "", toggle.dataset.hoursToggle ?? ""];
    toggle.hidden = false;
    toggle.addEventListener("click", () => {
      const open = week.hidden;
      week.hidden = !open;
      today.hidden = open;
      toggle.setAttribute("aria-expanded", String(open));
      toggle.textContent = labels[open ? 1 : 0] ?? "";
    });
  }
  const status = document.querySelector<HTMLElement>("[data-open-hours]");
  if (status) {
    const [from = "", to = ""] = (status.dataset.openHours ?? "").split("-");
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const parts = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Skopje",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date());
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const now = part("hour") * 60 + part("minute");
    const open = from !== "" && now >= minutes(from) && now < minutes(to);
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
