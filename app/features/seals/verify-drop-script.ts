// /verify is a plain multipart form (decision 0132) that works without JavaScript. With script, the
// form is also a drop zone: files dragged onto it go into its file fields, a .seal.json into the
// seal's and any other into the day file's, and the hint that says so is shown. Sent as its source
// text with the page's CSP nonce, like the store page's script (decision 0128), so it needs no file.

/** Makes `form[data-drop-zone]` take dropped files into its inputs. */
export function installVerifyDrop(): void {
  const form = document.querySelector<HTMLFormElement>("form[data-drop-zone]");
  const file = form?.querySelector<HTMLInputElement>('input[name="file"]');
  const seal = form?.querySelector<HTMLInputElement>('input[name="seal"]');
  if (!form || !file || !seal || typeof DataTransfer !== "function") return;
  for (const hint of form.querySelectorAll<HTMLElement>("[data-drop-hint]")) hint.hidden = false;
  const dragging = (on: boolean) => {
    if (on) form.setAttribute("data-dragging", "");
    else form.removeAttribute("data-dragging");
  };
  form.addEventListener("dragover", (event) => {
    if (!event.dataTransfer?.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    dragging(true);
  });
  form.addEventListener("dragleave", (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) dragging(false);
  });
  form.addEventListener("drop", (event) => {
    const dropped = Array.from(event.dataTransfer?.files ?? []);
    if (dropped.length === 0) return;
    event.preventDefault();
    dragging(false);
    for (const item of dropped.slice(0, 2)) {
      const input = /\.seal\.json$/i.test(item.name) ? seal : file;
      const one = new DataTransfer();
      one.items.add(item);
      input.files = one.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
}

/** The inline script's text. */
export function verifyDropScript(): string {
  return `(${installVerifyDrop.toString()})();`;
}
