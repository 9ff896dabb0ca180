import { redirect } from "react-router";
import { z } from "zod";
import { requireOwnerStore } from "~/auth/guards.server";
import { countNeedsAttention } from "~/features/compliance/compliance.server";
import { answerToday, setWeekendsCount } from "~/features/confirmation/confirmation.server";
import { getClock } from "~/lib/clock.server";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/confirmation";

const answerSchema = z.object({ answer: z.enum(["yes", "no"], "errors:unexpected") });

/** The dashboard prompt's answers. Yes stays on the page; no goes to the products to fix prices. */
export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  const back = safeBack(request);
  return handleAction(
    async () => {
      if (values.intent === "weekends") {
        await setWeekendsCount(ctx, values.weekendsCount === "on");
        return redirect(back, { headers: flashHeaders("compliance:flash.weekendsSaved") });
      }
      const { answer } = parseForm(answerSchema, values);
      // Decision 0027: a yes while products lack what the law needs first shows them and asks "confirm
      // anyway?"; the question is a page, so it works without JavaScript.
      if (answer === "yes" && values.anyway !== "1" && (await countNeedsAttention(ctx)) > 0)
        return redirect("/dashboard/products?attention=1&confirm=anyway");
      await answerToday(ctx, { answer }, getClock().now());
      if (answer === "no")
        return redirect("/dashboard/products", { headers: flashHeaders("compliance:flash.skipped", "info") });
      return redirect(back, { headers: flashHeaders("compliance:flash.confirmed") });
    },
    // A failure goes back to the page answered from, as an error flash, so the owner sees it where they were.
    { intent: values.intent ?? "answer", flashFailureTo: back },
  );
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
