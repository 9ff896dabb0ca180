import { useEffect } from "react";
import { type Location, useBlocker } from "react-router";

// Unsaved edits are never lost without the owner's yes: a link or a page change inside the app asks
// first, and a reload, a typed address or a closed tab gets the browser's own question.

/**
 * Whether a navigation leaves the page as it is: another path, or the same path with another query
 * (the grid's `?page=2`). A form posted to the page itself keeps both, so the save is never asked.
 */
export function leavesPage(
  current: Pick<Location, "pathname" | "search">,
  next: Pick<Location, "pathname" | "search">,
) {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/** Asks `question` (already translated) before any navigation away while `dirty`. */
export function useUnsavedChanges(dirty: boolean, question: string) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && leavesPage(currentLocation, nextLocation),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set; the browser shows its own words.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
