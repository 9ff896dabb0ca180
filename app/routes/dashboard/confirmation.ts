import { redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { countNeedsAttention } from "~/features/compliance/compliance.server";
import { getClock } from "~/features/confirmation/clock.server";
import { answerToday, setWeekendsCount } from "~/features/confirmation/confirmation.server";
import { isAppError } from "~/lib/app-error";
import { flashHeaders } from "~/lib/flash.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/confirmation";

/** The dashboard prompt's answers. Yes stays on the page; no goes to the products to fix prices. */
export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  const back = safeBack(request);
  if (form.get("intent") === "weekends") {
    await setWeekendsCount(ctx, form.get("weekendsCount") === "on");
    return redirect(back, { headers: flashHeaders("compliance:flash.weekendsSaved") });
  }
  const answer = form.get("answer");
  if (answer !== "yes" && answer !== "no")
    return redirect(back, { headers: flashHeaders("errors:unexpected") });
  // Issue 12: a yes while products lack what the law needs first shows them and asks "confirm
  // anyway?"; the question is a page, so it works without JavaScript.
  if (answer === "yes" && form.get("anyway") !== "1" && (await countNeedsAttention(ctx)) > 0)
    return redirect("/dashboard/products?attention=1&confirm=anyway");
  try {
    await answerToday(ctx, { answer }, getClock().now());
  } catch (error) {
    if (isAppError(error)) return redirect(back, { headers: flashHeaders(error.messageKey) });
    throw error;
  }
  if (answer === "no")
    return redirect("/dashboard/products", { headers: flashHeaders("compliance:flash.skipped") });
  return redirect(back, { headers: flashHeaders("compliance:flash.confirmed") });
}

export function loader() {
  return redirect("/dashboard/products");
}

/** Back to the dashboard page the owner answered from; never to another site. */
function safeBack(request: Request): string {
  const back = sameOriginPath(request.headers.get("referer"), request.url, "/dashboard/products");
  if (!back.startsWith("/dashboard")) return "/dashboard/products";
  // Answered from the "confirm anyway?" page: back to the list, without the question.
  return back
    .replace(/([?&])confirm=anyway(&|$)/, (_, before, after) => (after ? before : ""))
    .replace(/\?$/, "");
}
