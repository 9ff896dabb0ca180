import { useMemo } from "react";
import { useLocation } from "react-router";

/**
 * Links to other views of the store page: `withParams` changes some of this view's query
 * parameters; `reportHref` is a card's "Report" link (?report=<id>), built once per view.
 */
export function useViewLinks() {
  const location = useLocation();
  return useMemo(() => {
    const withParams = (changes: Record<string, string | null>) => {
      const params = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) params.set(key, value);
        else params.delete(key);
      }
      const search = params.toString();
      return search ? `?${search}` : location.pathname;
    };
    const params = new URLSearchParams(location.search);
    params.delete("report");
    const rest = params.toString();
    const prefix = `?${rest ? `${rest}&` : ""}report=`;
    const reportHref = (id: string) => `${prefix}${encodeURIComponent(id)}`;
    return { withParams, reportHref };
  }, [location.search, location.pathname]);
}
