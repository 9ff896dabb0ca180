import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { getDb } from "~/db/db.server";
import { getClock } from "~/lib/clock.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import { reportFormValues, reportSchema } from "./report.schema";
import { submitReport, visitorKey } from "./report.server";

/**
 * The store page's action: a signed-out visitor's report of a product (rate-limited per visitor,
 * counted in the database). The dialog shows the answer: `ok`, or the message of what failed.
 */
export async function reportProductFromForm(request: Request, username: string) {
  const form = await request.formData();
  const typed = reportFormValues(form);
  return handleAction(
    async () => {
      await submitReport(getDb(), {
        username,
        visitor: visitorKey(request.headers.get(CLIENT_IP_HEADER) ?? ""),
        report: parseForm(reportSchema, typed),
        now: getClock().now(),
      });
      return {};
    },
    {
      fallback: "reportSubmitFailed",
      // The dialog is a plain form (decision 0128): a refused report comes back with what was chosen
      // and typed, so the visitor only adds what was missing.
      values: { reasons: typed.reasons.join(","), description: typed.description },
    },
  );
}
